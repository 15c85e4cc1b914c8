import type { z } from 'zod';
import {
  exportedFolderSchema,
  exportedLinkSchema,
  exportedSnippetSchema,
  LINKVAULT_EXPORT_FORMAT,
  LINKVAULT_EXPORT_VERSION,
  type ExportedLink,
  type ExportedSnippet,
} from '../../../contracts/index.js';
import { fromDateString } from './dates.js';
import { entryFields, isObject, tagsOf, text } from './json-fields.js';
import { folderName, tooManyFolders } from './json-tree.js';
import { sampleJson, walkJson, type JsonObject, type JsonValue, type WalkShape } from './json-walker.js';
import { firstSnippets, snippetsLeftOut } from './snippets.js';
import {
  FileDamaged,
  MAX_FOLDERS,
  type FormatReader,
  type ImportedEnrichment,
  type ImportedSnippet,
  type ImportItem,
  type SkippedEntry,
} from './types.js';

/**
 * Linkvault's own export (contracts/linkvault-export.ts), read back whole: folders, links with their
 * enrichment and snippets, and the snippets on pages that are not links. The exporter writes the folders
 * first, so one reading knows a folder before a link names it.
 */
const LISTS = { folders: 'folder', links: 'link', snippets: 'snippet' } as const;
type List = keyof typeof LISTS;
const isList = (key: string): key is List => Object.hasOwn(LISTS, key);
const SHAPE: WalkShape = { root: 'object', collection: (key, depth) => depth === 0 && isList(key) };

function checkVersion(root: JsonValue): void {
  if (!isObject(root) || root.format !== LINKVAULT_EXPORT_FORMAT)
    throw new FileDamaged('The file is not a Linkvault export');
  if (root.version !== LINKVAULT_EXPORT_VERSION) {
    throw new FileDamaged(
      `The file is a Linkvault export of format version ${JSON.stringify(root.version)}; this Linkvault reads version ${LINKVAULT_EXPORT_VERSION}`,
    );
  }
}

const snippet = (exported: ExportedSnippet): ImportedSnippet => ({
  text: exported.selectedText,
  pageUrl: exported.pageUrl,
  note: exported.note,
  color: exported.color,
  createdAt: fromDateString(exported.createdAt),
  updatedAt: fromDateString(exported.updatedAt),
  pageTitle: exported.pageTitle,
  contextBefore: exported.contextBefore,
  contextAfter: exported.contextAfter,
  positionData: exported.positionData,
});

const enrichment = (link: ExportedLink): ImportedEnrichment => ({
  summaryShort: link.summaryShort,
  summaryLong: link.summaryLong,
  keyPoints: link.keyPoints,
  highlights: link.highlights,
  ogTitle: link.ogTitle,
  ogDescription: link.ogDescription,
  ogImageUrl: link.ogImageUrl,
  favicon: link.favicon,
  platform: link.platform,
  platformMetadata: link.platformMetadata,
  extractionMethod: link.extractionMethod,
  enrichmentStatus: link.enrichmentStatus,
  lastProcessedAt: fromDateString(link.lastProcessedAt),
});

/** What zod found wrong, short enough for the skipped list. */
const problems = (error: z.ZodError) =>
  error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.join('.') || 'the entry'}: ${issue.message}`)
    .join('; ');

export const linkvaultJson: FormatReader = {
  name: 'linkvault-json',
  async detect(source, head) {
    const root = await sampleJson(source, head);
    return isObject(root) && root.format === LINKVAULT_EXPORT_FORMAT;
  },
  async *read(source) {
    /** Each folder's path from the top, by its id in the file: the exporter writes parents first. */
    const folders = new Map<string, string[]>();
    const counts: Record<List, number> = { folders: 0, links: 0, snippets: 0 };
    let list: List = 'folders';
    const where = () => `${LISTS[list]} ${counts[list] + 1}`;
    for await (const { type, place } of walkJson(source.bytes(), SHAPE, where)) {
      if (type === 'open' && place.parent === null) checkVersion(place.value);
      if (type !== 'entry' || !isList(place.key)) continue;
      list = place.key;
      const position = `${LISTS[list]} ${++counts[list]}`;
      const usable = entryFields(place, position, list === 'snippets' ? 'pageUrl' : 'url');
      if ('skip' in usable) {
        yield usable.skip;
        continue;
      }
      const { fields, leftOut } =
        list === 'links' ? withFirstSnippets(usable.fields) : { ...usable, leftOut: 0 };
      const imported = item(list, fields, position, folders);
      yield imported;
      if (leftOut && imported.kind === 'link') yield snippetsLeftOut(position, imported.url, leftOut);
    }
  },
};

/** A link's fields with its first MAX_SNIPPETS_PER_ENTRY snippets only: no more are validated or kept. */
function withFirstSnippets(fields: JsonObject): { fields: JsonObject; leftOut: number } {
  if (!Array.isArray(fields.snippets)) return { fields, leftOut: 0 };
  const { kept, leftOut } = firstSnippets(fields.snippets);
  return { fields: leftOut > 0 ? { ...fields, snippets: kept } : fields, leftOut };
}

function item(list: List, fields: JsonValue, position: string, folders: Map<string, string[]>): ImportItem {
  const invalid = (error: z.ZodError, url: string | null = null): SkippedEntry => ({
    kind: 'skip',
    position,
    url,
    reason: `The entry is not a valid Linkvault ${LISTS[list]}: ${problems(error)}`,
  });
  switch (list) {
    case 'folders': {
      const parsed = exportedFolderSchema.safeParse(fields);
      if (!parsed.success) return invalid(parsed.error);
      if (!folders.has(parsed.data.id) && folders.size >= MAX_FOLDERS) throw tooManyFolders();
      const parent = parsed.data.parentId ? folders.get(parsed.data.parentId) : undefined;
      const path = [...(parent ?? []), folderName(parsed.data.name)];
      folders.set(parsed.data.id, path);
      return {
        kind: 'folder',
        position,
        path,
        color: parsed.data.color,
        createdAt: fromDateString(parsed.data.createdAt),
      };
    }
    case 'links': {
      const parsed = exportedLinkSchema.safeParse(fields);
      if (!parsed.success) return invalid(parsed.error, isObject(fields) ? text(fields.url) : null);
      const link = parsed.data;
      const folder = link.folderId === null ? undefined : folders.get(link.folderId);
      return {
        kind: 'link',
        position,
        url: link.url,
        title: link.title,
        description: link.description,
        folder: folder ?? [],
        tags: tagsOf(link.tags),
        createdAt: fromDateString(link.createdAt),
        state: link.state,
        favorite: link.favorite,
        snippets: link.snippets.map(snippet),
        enrichment: enrichment(link),
      };
    }
    case 'snippets': {
      const parsed = exportedSnippetSchema.safeParse(fields);
      if (!parsed.success) return invalid(parsed.error);
      return { ...snippet(parsed.data), kind: 'snippet', position, pageUrl: parsed.data.pageUrl };
    }
  }
}
