import {
  MAX_ENTRY_CHARS,
  walkJson,
  type JsonObject,
  type JsonValue,
  type Place,
  type WalkShape,
} from './json-walker.js';
import type { SkippedEntry } from './types.js';

/** Reading the fields of JSON entries as bookmark files write them: loosely typed, often quoted numbers. */

export const isObject = (value: JsonValue | undefined): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A root list's first entry, when it is an object (what recognising a list of bookmarks looks at). */
export const firstEntry = (sample: JsonValue | undefined): JsonObject | null =>
  Array.isArray(sample) && isObject(sample[0]) ? sample[0] : null;

/** A text field as written; a number as its digits (exports quote some, not others); otherwise none. */
export function text(value: JsonValue | undefined): string | null {
  if (typeof value === 'string') return value === '' ? null : value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

/** A yes/no field: true, 1, "1", "true" and "yes" are yes (wallabag v1 writes "1", Pinboard "yes"). */
export const isYes = (value: JsonValue | undefined): boolean =>
  value === true || value === 1 || (typeof value === 'string' && /^\s*(1|true|yes)\s*$/i.test(value));

/**
 * Tags from a string (split at `separator`), a list of strings, or a list of objects naming them
 * (`{name}` in Linkwarden, `{label}` in wallabag's API): trimmed, empty ones dropped, each once.
 */
export function tagsOf(value: JsonValue | undefined, separator?: RegExp): string[] {
  const names: string[] = [];
  if (typeof value === 'string') names.push(...(separator ? value.split(separator) : [value]));
  else if (Array.isArray(value)) {
    for (const tag of value) {
      const name = isObject(tag) ? text(tag.name ?? tag.label) : text(tag);
      if (name) names.push(name);
    }
  }
  const tags = new Set<string>();
  for (const name of names) {
    const tag = name.trim();
    if (tag) tags.add(tag);
  }
  return [...tags];
}

export function kindOf(value: JsonValue): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'an object';
  return typeof value === 'string' ? 'text' : `a ${typeof value}`;
}

/** An entry's fields, or why they cannot be used. */
export type EntryFields = { fields: JsonObject } | { skip: SkippedEntry };

/** The entry's fields, or why they cannot be used: it is not an object, or it is too large to hold. */
export function entryFields(place: Place, position: string, urlKey: string): EntryFields {
  const value = place.value;
  if (!isObject(value))
    return { skip: { kind: 'skip', position, reason: `The entry is ${kindOf(value)}, not a bookmark` } };
  if (place.oversized) {
    const reason = `The entry holds more than ${MAX_ENTRY_CHARS.toLocaleString('en-US')} characters, more than Linkvault reads of one entry`;
    return { skip: { kind: 'skip', position, url: text(value[urlKey]), reason } };
  }
  return { fields: value };
}

export type NumberedEntry = EntryFields & { position: string; place: Place };

/**
 * The entries of a file whose root is the list of them (Pinboard, wallabag, Omnivore), numbered as a
 * person counts them: `label(1)`, `label(2)`…
 */
export async function* listEntries(
  bytes: AsyncIterable<Uint8Array>,
  shape: WalkShape,
  urlKey: string,
  label: (n: number) => string = (n) => `entry ${n}`,
): AsyncGenerator<NumberedEntry> {
  let count = 0;
  for await (const { type, place } of walkJson(bytes, shape, () => label(count + 1))) {
    if (type !== 'entry') continue;
    const position = label(++count);
    yield { ...entryFields(place, position, urlKey), position, place };
  }
}
