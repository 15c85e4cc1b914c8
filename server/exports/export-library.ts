import type { FolderRow } from '../library/folders.repository.js';
import type { SnippetRow } from '../library/snippets.repository.js';
import type { LinkPage } from './exports.repository.js';

/**
 * What an export writer reads: one user's library (or one folder of it), a page at a time. Writers turn it
 * into the bytes of their format and never see users, HTTP or the database.
 */
export interface ExportLibrary {
  /**
   * The folders of the export in tree order (treeOrder: each before its sub-folders, siblings oldest first):
   * all of the user's, or the one asked for.
   */
  readonly folders: readonly FolderRow[];
  /** False when one folder is exported: then there are no uncategorized links and no unattached snippets. */
  readonly wholeLibrary: boolean;
  /**
   * Links newest first, a page at a time: every link of the export (`folder` undefined), or those of one of
   * its folders (an id, or null for the uncategorized ones).
   */
  links(folder: string | null | undefined, options: { snippets: boolean }): AsyncIterable<LinkPage>;
  /** Snippets on pages that are not saved links (none when one folder is exported). */
  unattachedSnippets(): AsyncIterable<SnippetRow[]> | Iterable<SnippetRow[]>;
}

/**
 * The groups a nested format lays the links out in: each folder of the export, then (for the whole library)
 * the uncategorized links, as null.
 */
export function* folderGroups(library: ExportLibrary): Generator<FolderRow | null> {
  yield* library.folders;
  if (library.wholeLibrary) yield null;
}
