import type { Transaction } from 'kysely';
import type { DB } from '../db/schema.js';
import { newId } from '../lib/ids.js';
import { urlKey } from '../lib/urls.js';
import type { SnippetRow, SnippetsRepository } from '../library/snippets.repository.js';
import { MAX_SNIPPETS_PER_ENTRY } from './formats/types.js';
import type { PreparedSnippet } from './import-entries.js';
import type { SkipRow } from './imports.repository.js';

/** A highlight to keep: on its link (new or merged), or unattached on its page. */
export interface WantedSnippet {
  key: string;
  url: string;
  link: { id: string; title: string } | null;
  snippet: PreparedSnippet;
  /** The entry's date, for a highlight that has none of its own. */
  createdAt: string | null;
  /** A highlight that is an entry of the file by itself (Linkvault's unattached snippets, Pocket's). */
  isEntry: boolean;
  position: string;
}

export interface SnippetsOutcome {
  /** Of the highlights that are entries: written, already there, or refused (the page is full). */
  added: number;
  already: number;
  refused: number;
  notes: SkipRow[];
}

/** Writes an import batch's highlights as snippets: each once, and at most MAX_SNIPPETS_PER_ENTRY a page. */
export async function addImportedSnippets(
  snippets: SnippetsRepository,
  trx: Transaction<DB>,
  userId: string,
  wanted: readonly WantedSnippet[],
  now: string,
): Promise<SnippetsOutcome> {
  const outcome: SnippetsOutcome = { added: 0, already: 0, refused: 0, notes: [] };
  if (wanted.length === 0) return outcome;
  const places = {
    linkIds: wanted.flatMap((w) => w.link?.id ?? []),
    pageKeys: wanted.filter((w) => !w.link).map((w) => w.key),
  };
  const placeOf = (w: WantedSnippet) => w.link?.id ?? w.key;
  const [seen, counts] = await Promise.all([
    snippets.existingTexts(
      trx,
      userId,
      places,
      wanted.map((w) => w.snippet.text),
    ),
    snippets.countsAt(trx, userId, places),
  ]);
  const full = new Set<string>();
  const rows: SnippetRow[] = [];
  for (const w of wanted) {
    const place = placeOf(w);
    const identity = `${place}\n${w.snippet.text}`;
    if (seen.has(identity)) {
      if (w.isEntry) outcome.already += 1;
      continue;
    }
    const count = counts.get(place) ?? 0;
    // A page keeps as many as one entry may bring, counting those it has: a file repeating one page a
    // million times must not fill the library.
    if (count >= MAX_SNIPPETS_PER_ENTRY) {
      if (w.isEntry) outcome.refused += 1;
      if (!full.has(place)) {
        full.add(place);
        outcome.notes.push({
          position: w.position,
          url: w.url,
          reason: `This page has ${MAX_SNIPPETS_PER_ENTRY.toLocaleString('en-US')} highlights: the rest were not imported`,
        });
      }
      continue;
    }
    seen.add(identity);
    counts.set(place, count + 1);
    if (w.isEntry) outcome.added += 1;
    rows.push(rowOf(userId, w, now));
  }
  await snippets.insertMany(trx, rows);
  return outcome;
}

function rowOf(userId: string, { url, link, snippet, createdAt }: WantedSnippet, now: string): SnippetRow {
  const created = snippet.createdAt ?? createdAt ?? now;
  const pageUrl = snippet.pageUrl ?? url;
  return {
    id: newId(),
    user_id: userId,
    link_id: link?.id ?? null,
    page_url: pageUrl,
    page_url_key: urlKey(pageUrl),
    page_title: snippet.pageTitle === undefined ? (link?.title ?? null) : snippet.pageTitle,
    selected_text: snippet.text,
    context_before: snippet.contextBefore,
    context_after: snippet.contextAfter,
    note: snippet.note,
    color: snippet.color,
    position_data: snippet.positionData,
    created_at: created,
    updated_at: snippet.updatedAt ?? created,
  };
}
