/**
 * Runs `work` with a signal of its own that aborts, with the same reason, as soon as any of `sources`
 * does (a timeout, a worker being stopped), and lets go of every source once `work` settles.
 * AbortSignal.any would combine them too, but on Node 20 each signal it is given keeps an entry for the
 * combined one for as long as it lives itself (nodejs/node#55351): combining a signal that lasts as long
 * as the process once per job leaks a little on every job.
 */
export async function withAbort<T>(
  sources: readonly (AbortSignal | undefined)[],
  work: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const controller = new AbortController();
  const given = sources.filter((source): source is AbortSignal => source !== undefined);
  const abort = (event: Event) => controller.abort((event.target as AbortSignal).reason);
  const aborted = given.find((source) => source.aborted);
  if (aborted) controller.abort(aborted.reason);
  else for (const source of given) source.addEventListener('abort', abort, { once: true });
  try {
    return await work(controller.signal);
  } finally {
    for (const source of given) source.removeEventListener('abort', abort);
  }
}
