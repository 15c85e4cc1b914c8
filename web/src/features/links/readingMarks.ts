import type { Link, UpdateLinkBody } from '../../../../contracts/index.js';

/** The three marks a person toggles on a link (API.md "Reading, organising and finding"). */
export type ReadingMark = 'favorite' | 'archive' | 'read';

/** Single keys on a focused card or in Link Details, as in mail readers: F favourite, E archive, M read. */
export const READING_SHORTCUTS: Readonly<Record<string, ReadingMark>> = {
  f: 'favorite',
  e: 'archive',
  m: 'read',
};

export type ReadingChanges = Pick<UpdateLinkBody, 'state' | 'favorite' | 'readingProgress'>;

/**
 * What toggling a mark changes. Archiving takes a link out of Unread; taking it out of the archive puts it
 * back there. Marking read from the archive also takes it out.
 */
export function toggled(link: Link, mark: ReadingMark): ReadingChanges {
  switch (mark) {
    case 'favorite':
      return { favorite: !link.favorite };
    case 'archive':
      return { state: link.state === 'archived' ? 'unread' : 'archived' };
    case 'read':
      return { state: link.state === 'unread' ? 'read' : 'unread' };
  }
}

/** The words of a mark's button: what pressing it does now. */
export function markLabel(link: Link, mark: ReadingMark): string {
  switch (mark) {
    case 'favorite':
      return link.favorite ? 'Remove from favourites' : 'Add to favourites';
    case 'archive':
      return link.state === 'archived' ? 'Move to Unread' : 'Archive';
    case 'read':
      return link.state === 'unread' ? 'Mark as read' : 'Mark as unread';
  }
}

/** Whether the mark is on (the button is pressed). */
export function markOn(link: Link, mark: ReadingMark): boolean {
  switch (mark) {
    case 'favorite':
      return link.favorite;
    case 'archive':
      return link.state === 'archived';
    case 'read':
      return link.state !== 'unread';
  }
}
