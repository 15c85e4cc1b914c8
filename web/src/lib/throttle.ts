/**
 * `run` at most once every `ms`: the first call runs at once, the calls made during the wait fold into one
 * run at its end, so the last change is never left out. `cancel` drops a run still waiting.
 */
export function throttle(run: () => void, ms: number): { (): void; cancel: () => void } {
  let lastRun = -Infinity;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const fire = () => {
    timer = undefined;
    lastRun = Date.now();
    run();
  };
  const call = () => {
    if (timer !== undefined) return;
    const wait = lastRun + ms - Date.now();
    if (wait <= 0) fire();
    else timer = setTimeout(fire, wait);
  };
  call.cancel = () => {
    clearTimeout(timer);
    timer = undefined;
  };
  return call;
}
