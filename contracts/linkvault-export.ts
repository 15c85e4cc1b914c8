import { z } from 'zod';
import { folderSchema, linkSchema, snippetSchema } from './entities.js';

/**
 * Linkvault's own export (`GET /api/export?format=json`): everything a library holds, so that importing it
 * into an empty account gives the same library back (API.md). The exporter writes the keys in this order,
 * folders before links, so a streaming reader knows every folder before the first link names one.
 *
 * {
 *   "format": "linkvault", "version": 1, "exportedAt": "…",
 *   "folders": [ExportedFolder…],
 *   "links": [ExportedLink…],            each with the snippets attached to it
 *   "snippets": [ExportedSnippet…]       snippets on pages that are not saved links
 * }
 */
export const LINKVAULT_EXPORT_FORMAT = 'linkvault';
export const LINKVAULT_EXPORT_VERSION = 1;

/**
 * A folder as the export names it: links refer to it by this `id`, which an import maps to a new one, and
 * so does a sub-folder's `parentId` (absent in exports made before folders nested).
 */
export const exportedFolderSchema = folderSchema
  .omit({ linkCount: true, totalCount: true, role: true, shared: true, ownerName: true })
  .extend({ id: z.string(), parentId: z.string().nullable().optional() });
export type ExportedFolder = z.infer<typeof exportedFolderSchema>;

export const exportedSnippetSchema = snippetSchema.omit({ id: true, userId: true, linkId: true });
export type ExportedSnippet = z.infer<typeof exportedSnippetSchema>;

// How enrichment is going is the library's state now, not the link's: an import enriches afresh. Where the
// reader stopped belongs to this library's copy of the page's text, which an import fetches afresh too,
// and whether the page is still there is for this library's checks to find. A folder suggestion is this
// library's guess from its own folders.
// and whether the page is still there is for this library's checks to find. Sharing is this instance's.
export const exportedLinkSchema = linkSchema
  .omit({
    id: true,
    snippetCount: true,
    enrichmentAttempts: true,
    enrichmentRetryAt: true,
    enrichmentError: true,
    readingProgress: true,
    contentAvailable: true,
    availability: true,
    checkedAt: true,
    suggestedFolderId: true,
    shared: true,
  })
  .extend({
    /** One of the export's folders, by its `id`; null: uncategorized. */
    folderId: z.string().nullable(),
    snippets: z.array(exportedSnippetSchema),
  });
export type ExportedLink = z.infer<typeof exportedLinkSchema>;
