import { memo } from 'react';
import { Link as RouterLink } from 'react-router';
import { readerHref } from '../reader/readerHref';
import type { Link } from '../../../../contracts/index.js';
import { formatDate, formatTime } from '../../../../ui/lib/dates';
import { hostOf } from '../../../../ui/lib/format';
import { useDashboardActions } from '../dashboard/DashboardContext';
import {
  ArchiveIcon,
  BookOpenIcon,
  CheckIcon,
  ExternalLinkIcon,
  FolderMoveIcon,
  HighlighterIcon,
  LinkOffIcon,
  PencilIcon,
  StarIcon,
  TrashIcon,
} from '../../../../ui/components/icons';
import { markLabel, markOn, toggled } from './readingMarks';
import { FOLDER_COLOR_STYLES } from '../folders/folderColors';
import { EnrichmentBadge, PLATFORM_LABELS } from '../../../../ui/components/EnrichmentBadge';
import { Favicon } from '../../../../ui/components/Favicon';
import { TagLink } from '../tags/TagLink';
import type { Selection } from '../bulk/selection';
import { type LinkViewProps, useLinkView } from './linkView';
import { SuggestionChip } from '../organise/SuggestionChip';
import { useLinkAccess } from '../sharing/folderAccess';

const MAX_TAGS = 3;

/** One saved link in the dashboard list (SPEC.md §2 and §4). Clicking anywhere opens Link Details. */
export const LinkCard = memo(function LinkCard({ link, folder, today = false }: LinkViewProps) {
  const { actions, selection, title, titleId, chosen } = useLinkView(link, 'card');
  const { canChange } = useLinkAccess(link);
  const summary = link.summaryShort || link.description || link.ogDescription;
  const extraTags = link.tags.length - MAX_TAGS;
  const enriching = link.enrichmentStatus === 'processing';

  return (
    <article
      data-link-id={link.id}
      aria-labelledby={titleId}
      aria-busy={enriching || undefined}
      data-status={link.enrichmentStatus}
      className={`group relative flex gap-3 rounded-xl border bg-white p-3.5 wrap-anywhere transition-[border-color,box-shadow] duration-150 hover:border-slate-300 hover:shadow-md hover:shadow-slate-200/60 sm:gap-4 sm:p-4 dark:bg-slate-900/60 dark:hover:border-slate-700 dark:hover:bg-slate-900 dark:hover:shadow-none ${
        chosen
          ? 'border-brand-500 ring-1 ring-brand-500/50 dark:border-brand-500/70'
          : enriching
            ? 'enriching-glow border-brand-500/40 dark:border-brand-500/40'
            : 'border-slate-200 dark:border-slate-800'
      }`}
    >
      {selection && <SelectBox link={link} title={title} selection={selection} />}
      <Favicon url={link.url} favicon={link.favicon} />
      <div className="min-w-0 flex-1">
        <div className="flex items-start gap-2">
          <h3
            id={titleId}
            className="min-w-0 flex-1 text-[15px] leading-snug font-medium text-slate-900 dark:text-slate-50"
          >
            <button
              type="button"
              onClick={() => actions.showLink(link)}
              className="line-clamp-2 rounded text-left after:absolute after:inset-0 after:rounded-xl sm:line-clamp-1"
            >
              {title}
            </button>
          </h3>
          <span className="shrink-0 transition-opacity sm:group-focus-within:opacity-0 sm:group-hover:opacity-0">
            <EnrichmentBadge link={link} />
          </span>
        </div>
        <p className="mt-0.5 flex min-w-0 items-center gap-1.5 text-xs text-slate-500 dark:text-slate-400">
          <span className="truncate">{hostOf(link.url)}</span>
          {link.platform !== 'generic' && (
            <>
              <span aria-hidden="true">·</span>
              <span className="shrink-0">{PLATFORM_LABELS[link.platform]}</span>
            </>
          )}
        </p>
        {summary && (
          <p className="mt-1.5 line-clamp-2 text-sm leading-relaxed text-slate-600 dark:text-slate-300">
            {summary}
          </p>
        )}
        {link.suggestedFolderId && <SuggestionChip link={link} title={title} />}
        <div className="mt-2.5 flex flex-wrap items-center gap-x-3 gap-y-1.5 text-xs text-slate-500 dark:text-slate-400">
          {link.tags.length > 0 && (
            <ul className="flex min-w-0 flex-wrap items-center gap-1" aria-label="Tags">
              {link.tags.slice(0, MAX_TAGS).map((tag) => (
                <li key={tag} className="flex min-w-0">
                  <TagLink tag={tag} />
                </li>
              ))}
              {extraTags > 0 && (
                <li className="px-0.5" aria-label={`${extraTags} more tags`}>
                  +{extraTags}
                </li>
              )}
            </ul>
          )}
          {folder && (
            <span className="inline-flex min-w-0 items-center gap-1.5">
              <span
                className={`size-2 shrink-0 rounded-full ${FOLDER_COLOR_STYLES[folder.color].dot}`}
                aria-hidden="true"
              />
              <span className="max-w-36 truncate">{folder.name}</span>
            </span>
          )}
          {link.snippetCount > 0 && (
            <span className="inline-flex items-center gap-1" title="Snippets">
              <HighlighterIcon className="size-3.5" />
              {link.snippetCount}
              <span className="sr-only">{link.snippetCount === 1 ? 'snippet' : 'snippets'}</span>
            </span>
          )}
          <time dateTime={link.createdAt}>
            {today ? formatTime(link.createdAt) : formatDate(link.createdAt)}
          </time>
          {link.availability === 'broken' && (
            <span
              className="inline-flex items-center gap-1 rounded-md bg-red-50 px-1.5 py-0.5 font-medium text-red-700 dark:bg-red-500/15 dark:text-red-300"
              title="The page was gone at the last checks"
            >
              <LinkOffIcon className="size-3.5" />
              Broken
            </span>
          )}
          {link.state !== 'unread' && (
            <span className="inline-flex items-center gap-1">
              {link.state === 'archived' ? (
                <ArchiveIcon className="size-3.5" />
              ) : (
                <CheckIcon className="size-3.5" />
              )}
              {link.state === 'archived' ? 'Archived' : 'Read'}
            </span>
          )}
          {link.favorite && (
            // On small screens the actions row, always shown, has the star already (unless read-only).
            <span
              className={`${canChange ? 'hidden sm:inline-flex' : 'inline-flex'} text-amber-500 dark:text-amber-400`}
              title="Favourite"
            >
              <StarIcon className="size-3.5" fill="currentColor" />
              <span className="sr-only">Favourite</span>
            </span>
          )}
          <LinkActions link={link} title={title} />
        </div>
      </div>
    </article>
  );
});

/**
 * The card's checkbox for bulk actions. Shift-click takes in every card from the last one chosen. On wide
 * screens it sits in the list's left margin, shown on hover and focus (always once something is chosen);
 * on narrower ones before the icon, always.
 */
export function SelectBox({
  link,
  title,
  selection,
  inline = false,
}: {
  link: Link;
  title: string;
  selection: Selection;
  /** Shown where it stands, always (a tile's corner, a compact row), not in the list's margin. */
  inline?: boolean;
}) {
  const checked = selection.isSelected(link.id);
  const placement = inline
    ? 'block'
    : `mt-2.5 lg:absolute lg:top-1/2 lg:-left-7 lg:mt-0 lg:-translate-y-1/2 ${
        checked || selection.active
          ? ''
          : 'lg:opacity-0 lg:group-focus-within:opacity-100 lg:group-hover:opacity-100 lg:focus:opacity-100'
      }`;
  return (
    <input
      type="checkbox"
      // In the list's margin on wide screens, outside its card on purpose (e2e/long-text.e2e.test.ts).
      data-gutter={inline ? undefined : ''}
      checked={checked}
      // onClick, not onChange: only the click knows whether Shift was held.
      onClick={(event) => selection.toggle(link.id, event.shiftKey)}
      onChange={() => undefined}
      aria-label={`Select ${title}`}
      className={`relative z-10 size-4 shrink-0 cursor-pointer rounded border-slate-300 accent-brand-600 dark:border-slate-600 ${placement}`}
    />
  );
}

const actionClass =
  'relative z-10 grid size-8 place-items-center rounded-lg text-slate-500 transition-colors hover:bg-slate-100 hover:text-slate-900 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white';

/**
 * Open, read, favourite, archive, edit, move, delete. Pointer users see them on hover; keyboard users when focus enters the card;
 * on small (touch) screens they sit at the end of the meta row all the time. A link in a folder shared
 * with the person as a viewer offers only Open and Read.
 */
export function LinkActions({ link, title }: { link: Link; title: string }) {
  const actions = useDashboardActions();
  const { canChange } = useLinkAccess(link);
  return (
    <div
      className="ml-auto flex items-center gap-0.5 sm:absolute sm:top-2.5 sm:right-2.5 sm:rounded-lg sm:border sm:border-slate-200 sm:bg-white sm:p-0.5 sm:opacity-0 sm:shadow-sm sm:transition-opacity sm:group-focus-within:opacity-100 sm:group-hover:opacity-100 dark:sm:border-slate-700 dark:sm:bg-slate-900"
      role="group"
      aria-label={`Actions for ${title}`}
    >
      <a
        href={link.url}
        target="_blank"
        rel="noopener noreferrer"
        className={actionClass}
        aria-label="Open link"
        title="Open link"
      >
        <ExternalLinkIcon />
      </a>
      {link.contentAvailable && (
        <RouterLink
          to={readerHref(link.id)}
          className={actionClass}
          aria-label="Read"
          title="Read in Linkvault"
        >
          <BookOpenIcon />
        </RouterLink>
      )}
      {canChange && (
        <>
          {(['favorite', 'archive'] as const).map((mark) => {
            const Icon = mark === 'favorite' ? StarIcon : ArchiveIcon;
            const on = markOn(link, mark);
            return (
              <button
                key={mark}
                type="button"
                className={`${actionClass} ${on ? 'text-brand-600 dark:text-brand-100' : ''}`}
                onClick={() => actions.markLink(link, toggled(link, mark))}
                aria-label={mark === 'favorite' ? 'Favourite' : 'Archived'}
                aria-pressed={on}
                title={markLabel(link, mark)}
              >
                <Icon fill={mark === 'favorite' && on ? 'currentColor' : 'none'} />
              </button>
            );
          })}
          <button
            type="button"
            className={actionClass}
            onClick={() => actions.editLink(link)}
            aria-label="Edit link"
            title="Edit"
          >
            <PencilIcon />
          </button>
          <button
            type="button"
            className={actionClass}
            onClick={() => actions.moveLink(link)}
            aria-label="Move link"
            title="Move to folder"
          >
            <FolderMoveIcon />
          </button>
          <button
            type="button"
            className={`${actionClass} hover:bg-red-50 hover:text-red-600 dark:hover:bg-red-500/15 dark:hover:text-red-400`}
            onClick={() => actions.deleteLink(link)}
            aria-label="Delete link"
            title="Delete"
          >
            <TrashIcon />
          </button>
        </>
      )}
    </div>
  );
}

export function LinkCardSkeleton() {
  return (
    <div
      className="flex gap-4 rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900/60"
      aria-hidden="true"
    >
      <div className="size-9 shrink-0 animate-pulse rounded-lg bg-slate-100 dark:bg-slate-800" />
      <div className="flex-1 space-y-2.5 py-0.5">
        <div className="h-4 w-2/3 animate-pulse rounded bg-slate-100 dark:bg-slate-800" />
        <div className="h-3 w-1/4 animate-pulse rounded bg-slate-100 dark:bg-slate-800" />
        <div className="h-3 w-full animate-pulse rounded bg-slate-100 dark:bg-slate-800" />
        <div className="h-3 w-1/3 animate-pulse rounded bg-slate-100 dark:bg-slate-800" />
      </div>
    </div>
  );
}
