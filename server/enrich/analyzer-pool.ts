import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import type { Analysis, AnalyzeInput } from './analyze.js';

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
export class PageAnalyzer {
  private readonly pool: Piscina<AnalyzeInput, Analysis>;
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly timeoutMs: number;

  constructor(
    private readonly threads = Math.max(1, Math.min(2, availableParallelism() - 1)),
    options: { timeoutMs?: number } = {},
  ) {
    this.timeoutMs = options.timeoutMs ?? ANALYZE_TIMEOUT_MS;
    // Under the test runner the sources are TypeScript; the worker then loads them through tsx.
    const fromSource = import.meta.url.endsWith('.ts');
    this.pool = new Piscina({
      filename: new URL(`./analyze.worker.${fromSource ? 'ts' : 'js'}`, import.meta.url).href,
      minThreads: 0,
      maxThreads: threads,
      idleTimeout: 30_000,
      resourceLimits: { maxOldGenerationSizeMb: THREAD_HEAP_MB, maxYoungGenerationSizeMb: THREAD_YOUNG_MB },
      execArgv: fromSource ? ['--import', 'tsx'] : [],
    });
  }

  /**
   * At most one task per thread is handed to the pool, so that the time limit starts when parsing does:
   * a page waiting behind others must not time out for their sake.
   */
  async analyze(input: AnalyzeInput): Promise<Analysis> {
    if (this.running >= this.threads) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.running += 1;
    try {
      return await this.pool.run(input, { signal: AbortSignal.timeout(this.timeoutMs) });
    } finally {
      this.running -= 1;
      this.waiting.shift()?.();
    }
  }

  close(): Promise<void> {
    return this.pool.destroy();
  }
}
