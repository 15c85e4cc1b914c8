import { LIMITS } from '../../../contracts/index.js';
import { entryFields } from './json-fields.js';
import { walkJson, type JsonObject, type Place, type WalkEvent, type WalkShape } from './json-walker.js';
import {
  FileDamaged,
  MAX_FOLDER_DEPTH,
  MAX_FOLDERS,
  type FileSource,
  type ImportedLink,
  type ImportItem,
} from './types.js';

/**
 * Folders of JSON files, shared by the formats that have them: nested trees (Firefox, Chrome) and
 * folders that name their parent by id (Linkwarden's collections, Karakeep's lists). Either way the
 * folders are learnt in a first reading of the file, because a folder's name may follow its content
 * (Chrome) or a parent may come after its child, and the items are given in a second.
 */

export const UNTITLED_FOLDER = 'Untitled folder';

/** A folder name as it is kept for paths: the writer cuts longer names at this length anyway. */
export const folderName = (name: string | null): string =>
  (name ?? UNTITLED_FOLDER).slice(0, LIMITS.folderName);

/**
 * A JSON file's folders are learnt, each with its name, before its entries are read: past MAX_FOLDERS the
 * file is refused rather than held.
 */
export function tooManyFolders(): FileDamaged {
  return new FileDamaged(`The file holds more than ${MAX_FOLDERS.toLocaleString('en-US')} folders`);
}

/**
 * Reads the file once for what the second reading must know in advance. A file cut short is read up to
 * where it breaks: the second reading reports the damage, at its place, after the items before it.
 */
export async function firstReading(
  bytes: AsyncIterable<Uint8Array>,
  shape: WalkShape,
  learn: (event: WalkEvent) => void,
): Promise<void> {
  const events = walkJson(bytes, shape);
  try {
    for (;;) {
      let next: IteratorResult<WalkEvent>;
      try {
        next = await events.next();
      } catch (err) {
        if (err instanceof FileDamaged) return;
        throw err;
      }
      if (next.done) return;
      learn(next.value);
    }
  } finally {
    // When `learn` refuses the file (too many folders), the reading stops and its file is let go.
    await events.return(undefined);
  }
}

/** Folders naming their parent by id, as paths from the outermost. */
export class FoldersById {
  private readonly folders = new Map<string, { name: string; parentId: string | null }>();
  private readonly paths = new Map<string, string[]>();

  add(id: string, name: string | null, parentId: string | null): void {
    if (this.folders.size >= MAX_FOLDERS) throw tooManyFolders();
    this.folders.set(id, { name: folderName(name), parentId });
  }

  has(id: string): boolean {
    return this.folders.has(id);
  }

  /**
   * The folder's path, at most MAX_FOLDER_DEPTH deep (a deeper folder is filed under its ancestor at
   * that depth); a parent that is missing makes a folder top-level, and a cycle is cut where it closes.
   */
  path(id: string): string[] {
    const chain: { id: string; name: string }[] = [];
    const seen = new Set<string>();
    let base: string[] = [];
    for (let at: string | null = id; at !== null;) {
      const known = this.paths.get(at);
      if (known) {
        base = known;
        break;
      }
      const folder = this.folders.get(at);
      if (!folder || seen.has(at)) break;
      seen.add(at);
      chain.push({ id: at, name: folder.name });
      at = folder.parentId;
    }
    let path = base;
    for (const folder of chain.reverse()) {
      if (path.length < MAX_FOLDER_DEPTH) path = [...path, folder.name];
      this.paths.set(folder.id, path);
    }
    return this.paths.get(id) ?? [];
  }
}

/** What a container of a nested tree is. */
export type ContainerRole =
  /** `whenFilled`: a browser's own root folder, which comes across only when it holds something. */
  | { kind: 'folder'; name: string; createdAt: string | null; whenFilled?: boolean }
  /** A level of the file's structure that is no folder: its content is filed where the level is. */
  | { kind: 'level' }
  /** A branch whose entries are not bookmarks (Firefox's tags repeat bookmarks kept elsewhere). */
  | { kind: 'hidden' };

/** An entry of a nested tree, before its place in the file is known. */
export type TreeEntry =
  | { kind: 'link'; link: Omit<ImportedLink, 'kind' | 'position' | 'folder'> }
  /** An empty folder, which some browsers write without a list of children. */
  | { kind: 'folder'; name: string; createdAt: string | null }
  | { kind: 'skip'; url: string | null; reason: string }
  /** Nothing to import (a separator). */
  | null;

/** An entry of a browser's tree that is neither a bookmark nor a folder (`type` as the browser names it). */
export const nonBookmark = (browser: string, type: string | null): TreeEntry => ({
  kind: 'skip',
  url: null,
  reason: `The entry is a ${browser} ${type ?? 'item without a type'}, not a bookmark`,
});

export interface NestedTree {
  /** The key of a folder's list of children. */
  readonly children: string;
  readonly urlKey: string;
  role(place: Place): ContainerRole;
  entry(fields: JsonObject): TreeEntry;
}

const LEVEL: ContainerRole = { kind: 'level' };

/**
 * The items of a bookmark tree in file order: a folder as it opens (empty ones too), each bookmark with
 * its folder's path. Positions count bookmarks ("entry 12", separators not counted) and folders
 * ("folder 3") apart.
 */
export async function* readNestedTree(source: FileSource, tree: NestedTree): AsyncGenerator<ImportItem> {
  const shape: WalkShape = { root: 'object', collection: (key) => key === tree.children };
  // Roles by container ordinal: from the open (enough when a name comes first, and for a file cut short),
  // then from the close, when every field is known and whether the container holds anything.
  const roles = new Map<number, ContainerRole>();
  const filled: boolean[] = [];
  await firstReading(source.bytes(), shape, ({ type, place }) => {
    let role = tree.role(place);
    if (type === 'close') {
      if (!filled.pop() && role.kind === 'folder' && role.whenFilled) role = LEVEL;
    } else {
      if (filled.length > 0) filled[filled.length - 1] = true;
      if (type === 'entry') return;
      filled.push(false);
    }
    if (role.kind === 'level') roles.delete(place.ordinal);
    else if (roles.has(place.ordinal) || roles.size < MAX_FOLDERS) roles.set(place.ordinal, role);
    else throw tooManyFolders();
  });

  let entries = 0;
  let folders = 0;
  const path: string[] = [];
  const open: { pushed: boolean; hidden: boolean }[] = [];
  let hidden = 0;
  const folderItem = (name: string, createdAt: string | null): ImportItem => ({
    kind: 'folder',
    position: `folder ${++folders}`,
    path: [...path, name],
    createdAt,
  });
  for await (const { type, place } of walkJson(source.bytes(), shape, () => `entry ${entries + 1}`)) {
    if (type === 'open') {
      const role = roles.get(place.ordinal) ?? LEVEL;
      const frame = { pushed: false, hidden: role.kind === 'hidden' };
      if (frame.hidden) hidden++;
      else if (role.kind === 'folder' && hidden === 0 && path.length < MAX_FOLDER_DEPTH) {
        yield folderItem(role.name, role.createdAt);
        path.push(role.name);
        frame.pushed = true;
      }
      open.push(frame);
    } else if (type === 'close') {
      const frame = open.pop();
      if (frame?.pushed) path.pop();
      if (frame?.hidden) hidden--;
    } else if (place.key === tree.children && hidden === 0) {
      const position = `entry ${entries + 1}`;
      const usable = entryFields(place, position, tree.urlKey);
      if ('skip' in usable) {
        entries++;
        yield usable.skip;
        continue;
      }
      const entry = tree.entry(usable.fields);
      if (entry?.kind === 'folder') {
        if (path.length < MAX_FOLDER_DEPTH) yield folderItem(entry.name, entry.createdAt);
      } else if (entry) {
        entries++;
        yield entry.kind === 'link'
          ? { ...entry.link, kind: 'link', position, folder: [...path] }
          : { kind: 'skip', position, url: entry.url, reason: entry.reason };
      }
    }
  }
}
