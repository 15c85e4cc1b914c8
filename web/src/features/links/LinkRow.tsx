import { memo } from 'react';
import { EnrichmentBadge } from '../../../../ui/components/EnrichmentBadge';
import { Favicon } from '../../../../ui/components/Favicon';
import { formatDate, formatTime } from '../../../../ui/lib/dates';
import { hostOf } from '../../../../ui/lib/format';
import { StarIcon } from '../../../../ui/components/icons';
import { FOLDER_COLOR_STYLES } from '../folders/folderColors';
import { LinkActions, SelectBox } from './LinkCard';
import { type LinkViewProps, useLinkView } from './linkView';

/**
 * One link in the Compact layout: a single line (title, site, folder, date), for scanning a long library.
 * The same actions as a card, on hover and focus; clicking the title opens Link Details.
 */
export const LinkRow = memo(function LinkRow({ link, folder, today = false }: LinkViewProps) {
  const { actions, selection, title, titleId, chosen } = useLinkView(link, 'row');
  return (
    <article
      data-link-id={link.id}
      aria-labelledby={titleId}
      className={`group relative flex h-11 items-center gap-3 rounded-lg px-2.5 text-sm transition-colors hover:bg-slate-50 dark:hover:bg-slate-900 ${
        chosen ? 'bg-brand-50 ring-1 ring-brand-500/50 dark:bg-brand-500/10' : ''
      }`}
    >
      {selection && <SelectBox link={link} title={title} selection={selection} inline />}
      <span className="hidden sm:block">
        <Favicon url={link.url} favicon={link.favicon} size="sm" />
      </span>
      <h3 id={titleId} className="min-w-0 flex-1 truncate font-medium text-slate-900 dark:text-slate-50">
        <button
          type="button"
          onClick={() => actions.showLink(link)}
          className="max-w-full truncate rounded text-left after:absolute after:inset-0 after:rounded-lg"
        >
          {title}
        </button>
      </h3>
      <span className="hidden w-40 shrink-0 truncate text-xs text-slate-500 md:block dark:text-slate-400">
        {hostOf(link.url)}
      </span>
      <span className="hidden w-32 shrink-0 items-center gap-1.5 text-xs text-slate-500 lg:inline-flex dark:text-slate-400">
        {folder && (
          <>
            <span
              className={`size-2 shrink-0 rounded-full ${FOLDER_COLOR_STYLES[folder.color].dot}`}
              aria-hidden="true"
            />
            <span className="truncate">{folder.name}</span>
          </>
        )}
      </span>
      <span className="flex shrink-0 items-center justify-end gap-1.5 sm:w-28">
        {link.favorite && (
          <span className="text-amber-500 dark:text-amber-400">
            <StarIcon className="size-3.5" fill="currentColor" />
            <span className="sr-only">Favourite</span>
          </span>
        )}
        <EnrichmentBadge link={link} />
      </span>
      <time
        dateTime={link.createdAt}
        className="w-24 shrink-0 text-right text-xs text-slate-500 tabular-nums dark:text-slate-400"
      >
        {today ? formatTime(link.createdAt) : formatDate(link.createdAt)}
      </time>
      <span className="hidden sm:contents">
        <LinkActions link={link} title={title} />
      </span>
    </article>
  );
});
