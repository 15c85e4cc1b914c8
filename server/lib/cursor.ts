import { z } from 'zod';
import { idSchema } from '../../contracts/index.js';
import { invalidInput } from '../http/errors.js';

/** Keyset position in a list by date: opaque to clients, stable under inserts (unlike offsets). */
export interface Cursor {
  createdAt: string;
  id: string;
}

/** Keyset position in a list of links by title (?sort=title). */
export interface TitleCursor {
  title: string;
  id: string;
}

const encode = (position: readonly string[]) => Buffer.from(JSON.stringify(position)).toString('base64url');
export const encodeCursor = (c: Cursor): string => encode([c.createdAt, c.id]);
const encodeTitleCursor = (c: TitleCursor): string => encode(['title', c.title, c.id]);

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

const titleCursorSchema = z.tuple([z.literal('title'), z.string().max(2_000), idSchema]);

/** A cursor is the client's to send back untouched; one it made up or altered is a 400, never a query. */
function decode<T>(raw: string, schema: z.ZodType<T>): T {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    // Not JSON: refused below like any other made-up cursor.
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw invalidInput('cursor', 'Invalid cursor');
  return parsed.data;
}

export function decodeCursor(raw: string | undefined): Cursor | null {
  if (raw === undefined || raw === '') return null;
  const [createdAt, id] = decode(raw, cursorSchema);
  return { createdAt, id };
}

export function decodeTitleCursor(raw: string | undefined): TitleCursor | null {
  if (raw === undefined || raw === '') return null;
  const [, title, id] = decode(raw, titleCursorSchema);
  return { title, id };
}

/** Takes one row more than the page to learn whether another page follows; `byTitle`: a ?sort=title list. */
export function toPage<T extends { created_at: string; id: string; title?: string }>(
  rows: T[],
  limit: number,
  { byTitle = false }: { byTitle?: boolean } = {},
) {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  let nextCursor: string | null = null;
  if (rows.length > limit && last) {
    nextCursor = byTitle
      ? encodeTitleCursor({ title: last.title ?? '', id: last.id })
      : encodeCursor({ createdAt: last.created_at, id: last.id });
  }
  return { items, nextCursor };
}
