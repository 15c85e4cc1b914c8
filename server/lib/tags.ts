import { tagKey } from '../../contracts/tags.js';
import { readJson } from './json-column.js';

/** A link as its tags are indexed (link_tags, migration 0017): links.tags as stored, JSON text. */
export interface TaggedLink {
  id: string;
  user_id: string;
  tags: string;
}

/** A link's link_tags rows: one per tag, the first spelling of each kept (as mergeTags keeps it). */
export function tagIndexRows(link: TaggedLink) {
  const tags = readJson<unknown>(link.tags, []);
  const byKey = new Map<string, string>();
  for (const tag of Array.isArray(tags) ? tags : []) {
    if (typeof tag !== 'string') continue;
    const key = tagKey(tag);
    if (key && !byKey.has(key)) byKey.set(key, tag);
  }
  return [...byKey].map(([key, tag]) => ({ link_id: link.id, user_id: link.user_id, tag_key: key, tag }));
}

/** A link whose tags a bulk action or a tag's rename changes: `before` is links.tags as it was. */
export interface RetaggedLink extends TaggedLink {
  before: string;
}

/**
 * What link_tags must lose and gain for each link's new list: only the tags that changed, not every tag
 * again (a bulk tag on 1,000 links writes 1,000 rows, not the 3,500 of their whole lists). A tag whose
 * spelling changed (a rename that changes only case) is one of each.
 */
export function tagIndexChanges(links: readonly RetaggedLink[]) {
  const removed: { link_id: string; tag_key: string }[] = [];
  const added: ReturnType<typeof tagIndexRows> = [];
  for (const link of links) {
    const before = new Map(tagIndexRows({ ...link, tags: link.before }).map((row) => [row.tag_key, row.tag]));
    const after = tagIndexRows(link);
    const kept = new Set(
      after.filter((row) => before.get(row.tag_key) === row.tag).map((row) => row.tag_key),
    );
    for (const key of before.keys()) if (!kept.has(key)) removed.push({ link_id: link.id, tag_key: key });
    added.push(...after.filter((row) => !kept.has(row.tag_key)));
  }
  return { removed, added };
}
