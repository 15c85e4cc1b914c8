import { z } from 'zod';
import { JOB_STATUSES } from './constants.js';
import { linkSchema } from './entities.js';
import { importSchema } from './imports.js';
import { idSchema } from './primitives.js';

/** GET /api/events (API.md "Realtime"): a text/event-stream of the signed-in person's own changes, and of
 * changes to the folders shared with them. */
export const EVENTS_PATH = '/api/events';

/** Each event the stream sends, by its name, and what its data holds. */
export const streamEvents = {
  /** The link after a change. */
  link: linkSchema,
  'link-deleted': z.object({ id: idSchema }),
  /** Many links changed or went at once (a bulk action, a tag renamed or deleted): lists are read again. */
  'links-changed': z.object({ count: z.number().int() }),
  job: z.object({ linkId: idSchema, status: z.enum(JOB_STATUSES) }),
  /**
   * The person's folder list changed in a way they did not do themself: a folder was shared with them,
   * their role in it changed, they were removed from it, or its owner renamed or deleted it. The list is
   * read again (GET /api/folders); `folderId` is the folder concerned.
   */
  folders: z.object({ folderId: idSchema }),
  /** The import after each batch. */
  import: importSchema,
} as const;

export type StreamEventName = keyof typeof streamEvents;
export type StreamEvent<N extends StreamEventName> = z.output<(typeof streamEvents)[N]>;

/** One event as the stream writes it. */
export function eventText<N extends StreamEventName>(
  name: N,
  data: z.input<(typeof streamEvents)[N]>,
): string {
  return `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** A received event's data, parsed with its schema; null when it is not what the contract says. */
export function eventData<N extends StreamEventName>(name: N, text: unknown): StreamEvent<N> | null {
  if (typeof text !== 'string') return null;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = streamEvents[name].safeParse(json);
  return parsed.success ? (parsed.data as StreamEvent<N>) : null;
}
