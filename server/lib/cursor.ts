import { z } from 'zod';
import { idSchema } from '../../contracts/index.js';
import { invalidInput } from '../http/errors.js';

/** Keyset position in a newest-first list: opaque to clients, stable under inserts (unlike offsets). */
export interface Cursor {
  createdAt: string;
  id: string;
}

export const encodeCursor = (c: Cursor): string =>
  Buffer.from(JSON.stringify([c.createdAt, c.id])).toString('base64url');

/**
 * A time as the server writes it (toISOString, years 0001-9999): anything else is not a position any page
 * gave, and PostgreSQL refuses what its timestamptz cannot read ("1", year 0) with an error.
 */
const cursorTime = z
  .string()
  .regex(/^(?!0000)\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
  .refine((time) => {
    const ms = Date.parse(time);
    return !Number.isNaN(ms) && new Date(ms).toISOString() === time;
  });
const cursorSchema = z.tuple([cursorTime, idSchema]);

/** A cursor is the client's to send back untouched; one it made up or altered is a 400, never a query. */
export function decodeCursor(raw: string | undefined): Cursor | null {
  if (raw === undefined || raw === '') return null;
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    // Not JSON: refused below like any other made-up cursor.
  }
  const parsed = cursorSchema.safeParse(value);
  if (!parsed.success) throw invalidInput('cursor', 'Invalid cursor');
  const [createdAt, id] = parsed.data;
  return { createdAt, id };
}

/** Takes one row more than the page to learn whether another page follows. */
export function toPage<T extends { created_at: string; id: string }>(rows: T[], limit: number) {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return {
    items,
    nextCursor:
      rows.length > limit && last ? encodeCursor({ createdAt: last.created_at, id: last.id }) : null,
  };
}
