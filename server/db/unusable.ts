/**
 * The database cannot serve, for a reason the operator must fix: the message names the database, the
 * cause and the remedy, and is all the server prints before it exits.
 */
export class DatabaseUnusableError extends Error {
  override name = 'DatabaseUnusableError';
}

/** An error's message with its code (SQLITE_READONLY, ECONNREFUSED…), the part an operator searches for. */
export function causeOf(err: unknown): string {
  const { code, message } = (err ?? {}) as { code?: unknown; message?: unknown };
  const text = typeof message === 'string' && message ? message : String(err);
  return typeof code === 'string' && !text.includes(code) ? `${text} (${code})` : text;
}
