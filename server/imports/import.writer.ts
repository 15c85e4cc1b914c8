import type { Transaction } from 'kysely';
import type { DB } from '../db/schema.js';
import type { IngestQueue } from '../queue/ingest-queue.js';
import { newId } from '../lib/ids.js';
import { withoutNul } from '../lib/text.js';
import { urlKey } from '../lib/urls.js';
import { readJson, writeJson } from '../lib/json-column.js';
import { mergeTags } from '../../contracts/tags.js';
import type { FolderRow, FoldersRepository } from '../library/folders.repository.js';
import {
  type LinkRow,
  type LinksRepository,
  type MergeTarget,
  newLinkRow,
} from '../library/links.repository.js';
import type { SnippetsRepository } from '../library/snippets.repository.js';
import { rememberTags } from '../library/user-tags.repository.js';
import type { ImportItem } from './formats/types.js';
import {
  MAX_TAGS_PER_LINK,
  type PreparedLink,
  type PreparedSnippet,
  checkUrl,
  cleanText,
  colorFor,
  folderPathKey,
  folderPathOf,
  foldInto,
  older,
  exportedPlatform,
  validIso,
  prepareLink,
  prepareSnippet,
  urlOrNull,
} from './import-entries.js';
import { type WantedSnippet, addImportedSnippets } from './import-snippets.js';
import type { BatchCounts, SkipRow } from './imports.repository.js';

/** Whose library an import writes into, and how. */
export interface ImportTarget {
  userId: string;
  enrich: boolean;
  /** Whether entries go to the file's own folders; if not, all to `folderId` (the upload's folderId). */
  fileFolders: boolean;
  /** null once that folder is deleted: the rest of the file goes nowhere rather than to the file's folders. */
  folderId: string | null;
}

export interface BatchResult {
  counts: BatchCounts;
  skips: SkipRow[];
  /** Folders this batch created, by path key: the caller adds them to its index once the batch commits. */
  newFolders: Map<string, string>;
  /** Links queued for enrichment. */
  queued: number;
}

/** A folder a file declares, by its path from the top. */
interface DeclaredFolder {
  path: string[];
  color?: string | null;
  createdAt?: string | null;
}

/** A folder's names from the top down to it (a cycle, which moves refuse, ends where it repeats). */
function pathOf(byId: ReadonlyMap<string, FolderRow>, folder: FolderRow): string[] {
  const names: string[] = [];
  const seen = new Set<string>();
  for (
    let at: FolderRow | undefined = folder;
    at && !seen.has(at.id);
    at = at.parent_id ? byId.get(at.parent_id) : undefined
  ) {
    seen.add(at.id);
    names.unshift(at.name);
  }
  return names;
}

/** A highlight on a page the file does not save as an entry (Linkvault's unattached snippets). */
interface PageSnippet {
  position: string;
  url: string;
  key: string;
  snippet: PreparedSnippet;
}

/** Bounds on the enrichment Linkvault's own export carries back, as its own fields are bounded. */
const ENRICHMENT_TEXT = { short: 2000, long: 20_000, item: 2000, items: 50 } as const;

/**
 * Writes a batch of a file's items into a library, by API.md's rules: a page already saved (by normalized
 * URL, in the library or earlier in the file) is merged, not duplicated: its tags are added, a folder is
 * set only where it had none, the older date is kept, its highlights become snippets (each once). New
 * links keep the file's date, folder, tags, notes and highlights; they are queued for enrichment behind
 * the user's fresh saves (IngestQueue.enqueueBacklog) unless the import keeps only what the file says.
 * Everything happens in the caller's transaction.
 */
export class ImportWriter {
  constructor(
    private readonly links: LinksRepository,
    private readonly folders: FoldersRepository,
    private readonly snippets: SnippetsRepository,
    private readonly queue: IngestQueue,
  ) {}

  /**
   * The user's folders by path from the top (folderPathKey): an entry is filed into the folder of the same
   * path, created where the library has none. The first of two same-named siblings wins.
   */
  async folderIndex(userId: string): Promise<Map<string, string>> {
    const folders = await this.folders.list(userId);
    const byId = new Map(folders.map((folder) => [folder.id, folder]));
    const index = new Map<string, string>();
    for (const folder of folders) {
      const key = folderPathKey(pathOf(byId, folder));
      if (!index.has(key)) index.set(key, folder.id);
    }
    return index;
  }

  async write(
    trx: Transaction<DB>,
    target: ImportTarget,
    folderIndex: ReadonlyMap<string, string>,
    items: readonly ImportItem[],
    now: string,
  ): Promise<BatchResult> {
    const { userId } = target;
    const counts: BatchCounts = { processed: 0, created: 0, merged: 0, skipped: 0 };
    const skips: SkipRow[] = [];
    const skip = (position: string, url: string | null | undefined, reason: string) => {
      counts.skipped += 1;
      skips.push(skipRow(position, url, reason));
    };
    const pages = new Map<string, PreparedLink>();
    const pageSnippets: PageSnippet[] = [];
    const declared: DeclaredFolder[] = [];

    for (const item of items) {
      if (item.kind === 'folder') {
        const path = folderPathOf(item.path);
        if (path && target.fileFolders) declared.push({ path, color: item.color, createdAt: item.createdAt });
        continue;
      }
      counts.processed += 1;
      if (item.kind === 'skip') {
        skip(item.position, item.url, item.reason);
      } else if (item.kind === 'snippet') {
        const checked = checkUrl(item.pageUrl);
        const snippet = prepareSnippet(item);
        if ('reason' in checked) skip(item.position, item.pageUrl, checked.reason);
        else if (!snippet) skip(item.position, item.pageUrl, 'The highlight has no text');
        else
          pageSnippets.push({ position: item.position, url: checked.url, key: urlKey(checked.url), snippet });
      } else {
        const prepared = prepareLink(item);
        if ('reason' in prepared) {
          skip(item.position, item.url, prepared.reason);
          continue;
        }
        const first = pages.get(prepared.key);
        if (first) foldInto(first, prepared);
        else pages.set(prepared.key, prepared);
      }
    }

    const newFolders = await this.createFolders(
      trx,
      userId,
      folderIndex,
      declared,
      [...pages.values()],
      target,
      now,
    );
    const folderOf = (path: string[] | null) => {
      const key = path && folderPathKey(path);
      return key ? (folderIndex.get(key) ?? newFolders.get(key) ?? null) : null;
    };
    const folderFor = (entry: PreparedLink) =>
      target.fileFolders ? folderOf(entry.folder) : target.folderId;

    const saved = await this.links.findForMerge(trx, userId, [
      ...pages.keys(),
      ...pageSnippets.map((page) => page.key),
    ]);
    const created: LinkRow[] = [];
    const linkOfPage = new Map<string, { id: string; url: string; title: string }>();
    const tagsUsed = new Set<string>();
    for (const entry of pages.values()) {
      for (const tag of entry.tags) tagsUsed.add(tag);
      const existing = saved.get(entry.key);
      if (existing) {
        counts.merged += 1 + entry.folded;
        await this.merge(trx, userId, existing, entry, folderFor(entry), now);
        linkOfPage.set(entry.key, existing);
      } else {
        counts.created += 1;
        counts.merged += entry.folded;
        const row = this.newLink(userId, entry, target, folderFor(entry), now);
        created.push(row);
        linkOfPage.set(entry.key, row);
      }
    }
    for (const { key } of pageSnippets) {
      const existing = saved.get(key);
      if (existing && !linkOfPage.has(key)) linkOfPage.set(key, existing);
    }

    await this.links.insert(trx, created);
    const queued = created.filter((row) => row.enrichment_status === 'queued').map((row) => row.id);
    await this.queue.enqueueBacklog(trx, userId, queued, now);
    if (created.length > 0) await this.snippets.attachOrphans(trx, created);
    const highlights = await addImportedSnippets(
      this.snippets,
      trx,
      userId,
      wantedSnippets(pages, pageSnippets, linkOfPage),
      now,
    );
    // A highlight that is an entry by itself counts as one: added, or already saved.
    counts.created += highlights.added;
    counts.merged += highlights.already;
    counts.skipped += highlights.refused;
    skips.push(...highlights.notes);
    await rememberTags(trx, userId, tagsUsed);
    return { counts, skips, newFolders, queued: queued.length };
  }

  /**
   * The folders the batch needs that the library lacks (declared by the file, or named by an entry), each
   * level of a path its own folder inside the one above; parents come before their sub-folders.
   */
  private async createFolders(
    trx: Transaction<DB>,
    userId: string,
    index: ReadonlyMap<string, string>,
    declared: readonly DeclaredFolder[],
    entries: readonly PreparedLink[],
    target: ImportTarget,
    now: string,
  ): Promise<Map<string, string>> {
    const rows = new Map<string, FolderRow>();
    const want = ({ path, color, createdAt }: DeclaredFolder) => {
      for (let depth = 1; depth <= path.length; depth++) {
        const key = folderPathKey(path.slice(0, depth));
        if (index.has(key) || rows.has(key)) continue;
        const parentKey = depth > 1 ? folderPathKey(path.slice(0, depth - 1)) : null;
        const name = path[depth - 1] as string;
        const own = depth === path.length;
        rows.set(key, {
          id: newId(),
          user_id: userId,
          name,
          color: colorFor(name, own ? color : null),
          parent_id: parentKey === null ? null : (index.get(parentKey) ?? rows.get(parentKey)?.id ?? null),
          created_at: (own && validIso(createdAt)) || now,
        });
      }
    };
    for (const folder of declared) want(folder);
    if (target.fileFolders) for (const entry of entries) if (entry.folder) want({ path: entry.folder });
    await this.folders.insertMany(trx, [...rows.values()]);
    return new Map([...rows].map(([key, row]) => [key, row.id]));
  }

  /** A link as a save makes it (newLinkRow), with what the file says of it on top. */
  private newLink(
    userId: string,
    entry: PreparedLink,
    target: ImportTarget,
    folderId: string | null,
    now: string,
  ): LinkRow {
    const enrichment = entry.enrichment;
    const enriched = enrichment?.enrichmentStatus === 'enriched';
    const saved = {
      ...newLinkRow(
        {
          id: newId(),
          user_id: userId,
          folder_id: folderId,
          url: entry.url,
          title: entry.title,
          description: entry.description,
          // Linkvault's own export carries its enrichment: kept as it is, never redone.
          enrichment_status: enriched ? 'enriched' : target.enrich ? 'queued' : 'none',
        },
        entry.createdAt ?? now,
      ),
      tags: writeJson(entry.tags),
      state: entry.state,
      favorite: entry.favorite ? 1 : 0,
      updated_at: now,
    };
    if (!enrichment) return saved;
    const items = (list: readonly string[] | undefined) =>
      (list ?? [])
        .slice(0, ENRICHMENT_TEXT.items)
        .flatMap((text) => cleanText(text, ENRICHMENT_TEXT.item) ?? []);
    const platform = exportedPlatform(enrichment);
    return {
      ...saved,
      // The browser loads these: only web addresses, whatever the file says.
      favicon: urlOrNull(enrichment.favicon),
      og_image_url: urlOrNull(enrichment.ogImageUrl),
      summary_short: cleanText(enrichment.summaryShort, ENRICHMENT_TEXT.short),
      summary_long: cleanText(enrichment.summaryLong, ENRICHMENT_TEXT.long),
      key_points: writeJson(items(enrichment.keyPoints)),
      highlights: writeJson(items(enrichment.highlights)),
      og_title: cleanText(enrichment.ogTitle, 500),
      og_description: cleanText(enrichment.ogDescription, ENRICHMENT_TEXT.short),
      last_processed_at: enriched ? (enrichment.lastProcessedAt ?? null) : null,
      extraction_method: cleanText(enrichment.extractionMethod, 100),
      ...(platform && { platform: platform.platform, platform_metadata: writeJson(platform.metadata) }),
    };
  }

  /** API.md: tags added, a folder set only where the link had none, the older createdAt kept. */
  private async merge(
    trx: Transaction<DB>,
    userId: string,
    existing: MergeTarget,
    entry: PreparedLink,
    folderId: string | null,
    now: string,
  ): Promise<void> {
    const tags = readJson<string[]>(existing.tags, []);
    const merged = mergeTags(tags, entry.tags).slice(0, Math.max(tags.length, MAX_TAGS_PER_LINK));
    const createdAt = older(existing.created_at, entry.createdAt);
    const changes = {
      ...(merged.length !== tags.length && { tags: writeJson(merged) }),
      ...(existing.folder_id === null && folderId !== null && { folder_id: folderId }),
      ...(createdAt !== existing.created_at && createdAt !== null && { created_at: createdAt }),
    };
    if (Object.keys(changes).length > 0)
      await this.links.update(trx, userId, existing.id, { ...changes, updated_at: now });
  }
}

/** A skipped entry as the skipped list keeps it (PostgreSQL refuses NUL; URLs are capped like links'). */
export const skipRow = (position: string, url: string | null | undefined, reason: string): SkipRow => ({
  position: withoutNul(position).slice(0, 200),
  url: url ? withoutNul(url).slice(0, 4096) : null,
  reason: withoutNul(reason).slice(0, 1000),
});

/** The batch's highlights, each with the link (new or merged) or page it belongs to. */
function wantedSnippets(
  pages: ReadonlyMap<string, PreparedLink>,
  pageSnippets: readonly PageSnippet[],
  linkOfPage: ReadonlyMap<string, { id: string; url: string; title: string }>,
): WantedSnippet[] {
  const wanted: WantedSnippet[] = [];
  for (const entry of pages.values()) {
    const link = linkOfPage.get(entry.key) ?? null;
    for (const snippet of entry.snippets) {
      wanted.push({
        key: entry.key,
        url: entry.url,
        link,
        snippet,
        createdAt: entry.createdAt,
        isEntry: false,
        position: entry.position,
      });
    }
  }
  for (const page of pageSnippets) {
    wanted.push({ ...page, link: linkOfPage.get(page.key) ?? null, createdAt: null, isEntry: true });
  }
  return wanted;
}
