import { LIMITS } from '../../../contracts/index.js';
import { MAX_FOLDERS, type SkippedEntry } from './types.js';

/**
 * The distinct folders of a file, counted up to MAX_FOLDERS, for the formats that name folders as they go
 * (Netscape's <H3>, a CSV's folder cell): a file of millions of sibling folders would have the writer create
 * millions. Past the bound a new folder is not counted: its entries go to its deepest ancestor already
 * counted, or to no folder, and a skip item says so once.
 */
export class FolderLimit {
  /**
   * Each counted folder's number, by its parent's number and its name. The name is cut where the writer cuts
   * it, so a hostile name costs no more than a real one (names alike in their first characters count once).
   */
  private readonly numbers = new Map<string, number>();
  private cut = false;
  private told = false;

  /** The longest start of `path` whose folders are all counted, counting new ones while there is room. */
  within(path: string[]): string[] {
    let parent = 0;
    for (const [depth, name] of path.entries()) {
      const key = `${parent}/${name.slice(0, LIMITS.folderName)}`;
      let number = this.numbers.get(key);
      if (number === undefined) {
        if (this.numbers.size >= MAX_FOLDERS) {
          this.cut = true;
          return path.slice(0, depth);
        }
        number = this.numbers.size + 1;
        this.numbers.set(key, number);
      }
      parent = number;
    }
    return path;
  }

  /** The skip item that says folders were left out, the first time one was (at `position`), else nothing. */
  *notice(position: string): Generator<SkippedEntry> {
    if (!this.cut || this.told) return;
    this.told = true;
    yield {
      kind: 'skip',
      position,
      reason: `The file has more than ${MAX_FOLDERS.toLocaleString('en-US')} folders: from here on, the entries of a new folder go to the folder around it, or to none`,
    };
  }
}
