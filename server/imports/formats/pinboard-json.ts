import { fromDateString } from './dates.js';
import { firstEntry, listEntries, tagsOf, text } from './json-fields.js';
import { sampleJson, type JsonObject, type WalkShape } from './json-walker.js';
import type { FormatReader, ImportedLink, ReadingState } from './types.js';

const SHAPE: WalkShape = { root: 'array' };

/** Pinboard marks what is still to read ("toread": "yes"); a bookmark marked "no" has been read. */
const STATES = new Map<string, ReadingState>([
  ['yes', 'unread'],
  ['no', 'read'],
]);

function link(fields: JsonObject, position: string): ImportedLink {
  const toread = text(fields.toread)?.trim().toLowerCase();
  return {
    kind: 'link',
    position,
    url: text(fields.href) ?? '',
    // Pinboard's API names the title "description" and the note "extended".
    title: text(fields.description),
    description: text(fields.extended),
    tags: tagsOf(fields.tags, /\s+/),
    createdAt: fromDateString(text(fields.time)),
    state: toread === undefined ? undefined : STATES.get(toread),
  };
}

/** Pinboard's JSON export (pinboard.in/export, or the API's posts/all): a list of bookmarks. */
export const pinboardJson: FormatReader = {
  name: 'pinboard-json',
  async detect(source, head) {
    const first = firstEntry(await sampleJson(source, head));
    return first !== null && ['href', 'description', 'time'].every((key) => typeof first[key] === 'string');
  },
  async *read(source) {
    for await (const entry of listEntries(source.bytes(), SHAPE, 'href')) {
      yield 'skip' in entry ? entry.skip : link(entry.fields, entry.position);
    }
  },
};
