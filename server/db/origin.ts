/** Errors that a query or a connection of the database layer threw (pg-pool.ts, sqlite-statements.ts). */
const thrownByDatabase = new WeakSet<object>();

/**
 * Marks `err` as the database's, and returns it. What a database error means (a lost connection that
 * answers 503, say) holds only for errors it threw: a client's aborted upload fails with the same
 * ECONNRESET.
 */
export function fromDatabase<E>(err: E): E {
  if (typeof err === 'object' && err !== null) thrownByDatabase.add(err);
  return err;
}

export const isFromDatabase = (err: unknown): boolean =>
  typeof err === 'object' && err !== null && thrownByDatabase.has(err);
