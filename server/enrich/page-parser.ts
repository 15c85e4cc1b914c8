import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import { withAbort } from '../lib/abort.js';
import { Semaphore } from '../lib/semaphore.js';
import type { Analysis } from './analyze.js';
import type { PageBytes } from './page-parser.thread.js';

/** A hostile or pathological page may take this long to parse before it is abandoned. */
const ANALYZE_TIMEOUT_MS = 8_000;
/** Heap per parsing thread: a 5 MB page parses in far less; more means something is wrong with it. */
const THREAD_HEAP_MB = 192;
/**
 * V8's default young generation lets each thread's short-lived garbage (a parsed DOM, its text) grow to
 * tens of MB before a scavenge; 8 MB keeps the worker's peak RSS near 210 MB instead of 300 MB over the
 * corpus, at the same speed (bench:enrich).
 */
const THREAD_YOUNG_MB = 8;

/**
 * Parses pages in worker threads so that a slow or hostile page never blocks the web process's event
 * loop, and a runaway one is stopped (time limit: the thread is terminated; heap limit: the thread dies,
 * not the server).
 */
export class PageParser {
  private readonly pool: Piscina<PageBytes, Analysis>;
  private readonly slots: Semaphore;
  private readonly timeoutMs: number;

  constructor(
    threads = Math.max(1, Math.min(2, availableParallelism() - 1)),
    options: { timeoutMs?: number } = {},
  ) {
    this.timeoutMs = options.timeoutMs ?? ANALYZE_TIMEOUT_MS;
    this.slots = new Semaphore(threads);
    // Under the test runner the sources are TypeScript; the worker then loads them through tsx.
    const fromSource = import.meta.url.endsWith('.ts');
    this.pool = new Piscina({
      filename: new URL(`./page-parser.thread.${fromSource ? 'ts' : 'js'}`, import.meta.url).href,
      minThreads: 0,
      maxThreads: threads,
      idleTimeout: 30_000,
      resourceLimits: { maxOldGenerationSizeMb: THREAD_HEAP_MB, maxYoungGenerationSizeMb: THREAD_YOUNG_MB },
      execArgv: fromSource ? ['--import', 'tsx'] : [],
    });
  }

  /**
   * At most one task per thread is handed to the pool, so that the time limit starts when parsing does:
   * a page waiting behind others must not time out for their sake. `signal` (a worker being stopped)
   * abandons the page, waiting or being parsed (Piscina then ends the thread).
   *
   * The page's bytes are moved to the thread (the caller's `body` is left empty) and decoded there: a page
   * of megabytes never becomes a string on the web process's heap, where such strings stayed as garbage
   * until its next full collection (its large-object space reached 54 MB in bench:soak).
   */
  async analyze(page: PageBytes, signal?: AbortSignal): Promise<Analysis> {
    const release = await this.slots.acquire(signal);
    try {
      return await withAbort([AbortSignal.timeout(this.timeoutMs), signal], (parsing) =>
        this.pool.run(page, { signal: parsing, transferList: [page.body.buffer] }),
      );
    } finally {
      release();
    }
  }

  close(): Promise<void> {
    return this.pool.destroy();
  }
}
