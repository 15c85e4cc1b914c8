import { describe, expect, it } from 'vitest';
import type { Link } from '../../../../contracts/index.js';
import { markLabel, markOn, toggled } from './readingMarks';

const link = (state: Link['state'], favorite = false) => ({ state, favorite }) as Link;

describe('reading marks', () => {
  it('toggles the favourite mark', () => {
    expect(toggled(link('unread'), 'favorite')).toEqual({ favorite: true });
    expect(toggled(link('read', true), 'favorite')).toEqual({ favorite: false });
    expect(markLabel(link('read', true), 'favorite')).toBe('Remove from favourites');
  });

  it('archives, and takes a link out of the archive back to Unread', () => {
    expect(toggled(link('unread'), 'archive')).toEqual({ state: 'archived' });
    expect(toggled(link('read'), 'archive')).toEqual({ state: 'archived' });
    expect(toggled(link('archived'), 'archive')).toEqual({ state: 'unread' });
    expect(markLabel(link('archived'), 'archive')).toBe('Move to Unread');
  });

  it('marks read and unread; read from the archive is unread again', () => {
    expect(toggled(link('unread'), 'read')).toEqual({ state: 'read' });
    expect(toggled(link('read'), 'read')).toEqual({ state: 'unread' });
    expect(toggled(link('archived'), 'read')).toEqual({ state: 'unread' });
    expect(markOn(link('archived'), 'read')).toBe(true);
    expect(markLabel(link('unread'), 'read')).toBe('Mark as read');
  });
});
