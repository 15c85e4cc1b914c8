import type { FolderRow } from '../library/folders.repository.js';
import { type ExportLibrary, folderGroups } from './export-library.js';
import { UniqueNames, safeName, slug } from './file-names.js';
import { exportedParents } from './tree-order.js';
import { markdownNote } from './markdown-note.js';
import { markdownDestination, markdownLine } from './markdown-text.js';
import { ZipWriter } from './zip-writer.js';

const UNCATEGORIZED = 'Uncategorized';
const INDEX = 'index';

/**
 * A ZIP of Markdown notes: `<folder>/<title-slug>.md` for each link (`Uncategorized/` for those without a
 * folder) and `<folder>/index.md` listing the folder's notes. Each page of links is compressed and handed
 * on before the next is read.
 */
export async function* writeMarkdownZip(library: ExportLibrary, now: Date): AsyncGenerator<Buffer> {
  const zip = new ZipWriter(now);
  const directories = directoryNames(library);
  for (const folder of folderGroups(library)) {
    const directory = directories.get(folder?.id ?? null) ?? UNCATEGORIZED;
    // The folder's file names and index lines stay until its index is written: a few dozen bytes a link of
    // one folder, never the notes themselves.
    const names = new UniqueNames([INDEX]);
    const index: string[] = [];
    for await (const page of library.links(folder?.id ?? null, { snippets: true })) {
      for (const link of page.links) {
        const file = `${names.claim(slug(link.title))}.md`;
        const snippets = page.snippets.get(link.id) ?? [];
        zip.add(`${directory}/${file}`, markdownNote(link, snippets, folder?.name ?? null));
        index.push(`- [${markdownLine(link.title)}](${markdownDestination(file)})`);
      }
      yield* zip.take();
    }
    zip.add(`${directory}/${INDEX}.md`, indexNote(folder, index));
  }
  zip.end();
  yield* zip.take();
}

/**
 * Each folder's directory (null: the uncategorized links'), inside its parent's, unique among its siblings
 * however alike their names are. library.folders comes parents first (treeOrder).
 */
function directoryNames(library: ExportLibrary): Map<string | null, string> {
  const parents = exportedParents(library.folders);
  const top = new UniqueNames(library.wholeLibrary ? [UNCATEGORIZED] : []);
  const inside = new Map<string, UniqueNames>();
  const directories = new Map<string | null, string>([[null, UNCATEGORIZED]]);
  for (const folder of library.folders) {
    const parent = parents.get(folder.id) ?? null;
    const name = safeName(folder.name);
    if (parent === null) {
      directories.set(folder.id, top.claim(name));
      continue;
    }
    const siblings = inside.get(parent) ?? new UniqueNames([]);
    inside.set(parent, siblings);
    directories.set(folder.id, `${directories.get(parent) ?? UNCATEGORIZED}/${siblings.claim(name)}`);
  }
  return directories;
}

const indexNote = (folder: FolderRow | null, lines: readonly string[]) =>
  `# ${markdownLine(folder?.name ?? UNCATEGORIZED)}\n\n${lines.length > 0 ? lines.join('\n') : 'No links.'}\n`;
