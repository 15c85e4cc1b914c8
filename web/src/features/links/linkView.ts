import type { Folder, Link } from '../../../../contracts/index.js';
import { hostOf } from '../../../../ui/lib/format';
import { useSelection } from '../bulk/selection';
import { useDashboardActions } from '../dashboard/DashboardContext';
import { useLinkAccess } from '../sharing/folderAccess';

/** What a link's card, tile and compact row are given. */
export interface LinkViewProps {
  link: Link;
  folder?: Folder | undefined;
  /** Under the Today heading: the time it was saved, not the date again. */
  today?: boolean;
}

/**
 * What a card, a tile and a compact row all show and do: its name, its heading's id, its selection (none
 * for a link the person may only read: bulk actions change links).
 */
export function useLinkView(link: Link, kind: 'card' | 'tile' | 'row') {
  const list = useSelection();
  const selection = useLinkAccess(link).canChange ? list : null;
  return {
    actions: useDashboardActions(),
    selection,
    title: link.title || link.ogTitle || hostOf(link.url),
    titleId: `${kind}-${link.id}-title`,
    chosen: selection?.isSelected(link.id) ?? false,
  };
}
