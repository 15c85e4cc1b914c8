/**
 * How smooth the dashboard stays once shown (issue 20: the web app at a million links), measured in the
 * page: the main thread's long tasks, the frames of a long scroll through the virtual list, and the
 * filter answering a person typing in it.
 */
import type { Page } from 'playwright-core';

/** In the page from its first script: every long task (over 50 ms) of the main thread, [start, duration]. */
export const LONG_TASK_PROBE = `
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longTasks.push([e.startTime, e.duration]);
  }).observe({ type: 'longtask', buffered: true });
`;

/** Quiet this long after the first card, without a long task, and the page counts as interactive. */
const QUIET_MS = 500;

/**
 * When the page became interactive: the end of the last long task before a quiet `QUIET_MS` (at the
 * earliest, when the first card was painted), as Lighthouse's time to interactive reads it.
 */
export async function interactiveAt(page: Page, paintedMs: number): Promise<number> {
  const ms = await page.evaluate(`new Promise((resolve) => {
    const deadline = performance.now() + 15000;
    const check = () => {
      const ends = window.__longTasks.map(([start, duration]) => start + duration);
      const quietSince = Math.max(${paintedMs}, ...ends);
      if (performance.now() - quietSince >= ${QUIET_MS} || performance.now() > deadline) resolve(quietSince);
      else setTimeout(check, 50);
    };
    check();
  })`);
  return Number(ms);
}

export interface ScrollRun {
  seconds: number;
  pxPerSecond: number;
  distancePx: number;
  cardsLoaded: number;
  frames: number;
  frameP50Ms: number;
  frameP95Ms: number;
  frameMaxMs: number;
  /** Frames that took over two frame periods of 60 Hz (33.4 ms): at least one frame dropped each. */
  slowFrames: number;
  /** Time the scroll sat at the end of the loaded links, waiting for the next page. */
  waitingForPagesMs: number;
  longTasks: number;
  longestTaskMs: number;
}

/**
 * A long scroll down the list's scroller, advanced every frame by the time since the last one (a steady
 * `pxPerSecond`, as a fling or a held key keeps it), with pages loading as it goes. Frame times are the
 * intervals between animation frames; a frame held by script or layout shows as a long interval.
 */
export async function scrollSmoothly(page: Page, seconds: number, pxPerSecond: number): Promise<ScrollRun> {
  const run = await page.evaluate(`new Promise((resolve, reject) => {
    const list = document.querySelector('[data-testid="link-list"]');
    let scroller = list?.parentElement ?? null;
    while (scroller && scroller.scrollHeight <= scroller.clientHeight) scroller = scroller.parentElement;
    if (!scroller) return reject(new Error('no scrolling list'));
    const frames = [];
    const firstLongTask = window.__longTasks.length;
    let waiting = 0;
    let start;
    let last;
    const step = (now) => {
      const interval = now - last;
      frames.push(interval);
      last = now;
      const before = scroller.scrollTop;
      scroller.scrollTop = before + (${pxPerSecond} * interval) / 1000;
      if (scroller.scrollTop <= before) waiting += interval;
      if (now - start < ${seconds * 1000}) requestAnimationFrame(step);
      else {
        const longTasks = window.__longTasks.slice(firstLongTask);
        resolve({
          frames,
          distancePx: scroller.scrollTop,
          waitingForPagesMs: waiting,
          longTasks: longTasks.length,
          longestTaskMs: Math.max(0, ...longTasks.map(([, duration]) => duration)),
        });
      }
    };
    requestAnimationFrame((now) => { start = now; last = now; requestAnimationFrame(step); });
  })`);
  const { frames, distancePx, waitingForPagesMs, longTasks, longestTaskMs } = run as {
    frames: number[];
    distancePx: number;
    waitingForPagesMs: number;
    longTasks: number;
    longestTaskMs: number;
  };
  const cardsLoaded = await loadedLinks(page);
  return {
    seconds,
    pxPerSecond,
    distancePx: Math.round(distancePx),
    cardsLoaded,
    frames: frames.length,
    frameP50Ms: percentile(frames, 50),
    frameP95Ms: percentile(frames, 95),
    frameMaxMs: Math.max(...frames),
    slowFrames: frames.filter((ms) => ms > 33.4).length,
    waitingForPagesMs: Math.round(waitingForPagesMs),
    longTasks,
    longestTaskMs: Math.round(longestTaskMs),
  };
}

/** How many links the dashboard has loaded (the list's count line: "Showing 1,234 of 1,000,000"…). */
async function loadedLinks(page: Page): Promise<number> {
  return Number(
    await page.evaluate(`(() => {
      const rows = [...document.querySelectorAll('[data-testid="link-list"] [data-index]')];
      return Math.max(0, ...rows.map((row) => Number(row.dataset.index)));
    })()`),
  );
}

export interface TypedWord {
  word: string;
  /** Each keystroke to the frame that shows it in the box. */
  keystrokeMs: number[];
  /** The last keystroke to the frame that shows the word's results. */
  resultsMs: number;
  /** Of which: the last keystroke to the request sent (the filter's debounce), and the request itself. */
  untilRequestMs: number;
  requestMs: number;
  /** The answer received to the results painted. */
  renderMs: number;
  longTasks: number;
  longestTaskMs: number;
}

/** In the page: keystrokes in the filter and the frame after each ([typed at, shown at]). */
const KEYSTROKE_PROBE = `
  window.__keystrokes = [];
  document.addEventListener('input', (event) => {
    const typed = event.timeStamp;
    requestAnimationFrame(() => window.__keystrokes.push([typed, performance.now()]));
  }, true);
`;

/**
 * Types `word` into the dashboard's filter a letter every `keyDelayMs`, as a person does, then waits
 * for its results (GET /api/links?q=<word>) to be painted; the filter is emptied again after.
 */
export async function typeAndWait(page: Page, word: string, keyDelayMs: number): Promise<TypedWord> {
  const filter = page.locator('header input[type="search"]').first();
  await filter.click();
  await page.evaluate(`(() => {
    if (!window.__keystrokes) { ${KEYSTROKE_PROBE} }
    window.__keystrokes.length = 0;
    window.__typingLongTasksFrom = window.__longTasks.length;
    const main = document.querySelector('main');
    window.__results = new Promise((resolve) => {
      const answer = () => performance.getEntriesByType('resource').find((e) => {
        const url = new URL(e.name);
        return url.pathname === '/api/links' && url.searchParams.get('q') === ${JSON.stringify(word)};
      });
      const observer = new MutationObserver(() => {
        const entry = answer();
        if (!entry) return;
        observer.disconnect();
        requestAnimationFrame(() => resolve({
          shown: performance.now(),
          requestStart: entry.startTime,
          responseEnd: entry.responseEnd,
        }));
      });
      observer.observe(main, { childList: true, subtree: true, characterData: true });
    });
  })()`);
  await page.keyboard.type(word, { delay: keyDelayMs });
  const outcome = await page.evaluate<{
    shown: number;
    requestStart: number;
    responseEnd: number;
    keystrokes: [number, number][];
    longTasks: [number, number][];
  }>(`Promise.race([
    window.__results,
    new Promise((_, reject) => setTimeout(() => reject(new Error('no results painted within 30 s')), 30000)),
  ]).then((results) => {
    const longTasks = window.__longTasks.slice(window.__typingLongTasksFrom);
    return { ...results, keystrokes: window.__keystrokes, longTasks };
  })`);
  await filter.fill('');
  await page.waitForTimeout(400);
  const lastKey = Math.max(...outcome.keystrokes.map(([typed]) => typed));
  return {
    word,
    keystrokeMs: outcome.keystrokes.map(([typed, shown]) => shown - typed),
    resultsMs: outcome.shown - lastKey,
    untilRequestMs: outcome.requestStart - lastKey,
    requestMs: outcome.responseEnd - outcome.requestStart,
    renderMs: outcome.shown - outcome.responseEnd,
    longTasks: outcome.longTasks.length,
    longestTaskMs: Math.max(0, ...outcome.longTasks.map(([, duration]) => duration)),
  };
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}
