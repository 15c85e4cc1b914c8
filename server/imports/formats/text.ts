import { MAX_TEXT_CHARS } from './types.js';

/** `more` appended to `kept`, the whole no longer than `limit`: for text gathered piece by piece. */
export const capped = (kept: string, more: string, limit = MAX_TEXT_CHARS) =>
  kept.length >= limit ? kept : kept + more.slice(0, limit - kept.length);

export const clipped = (text: string) => text.slice(0, MAX_TEXT_CHARS);

/** "a, b,,c " as ['a', 'b', 'c']: each item trimmed, empty ones dropped, each kept once. */
export const splitList = (list: string | undefined, separator: string | RegExp) => [
  ...new Set((list ?? '').split(separator).flatMap((item) => item.trim() || [])),
];
