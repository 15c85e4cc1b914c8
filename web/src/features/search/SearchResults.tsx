import { type ReactNode, useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { linkHref } from '../../../../ui/lib/linkHref';
import { OPEN_SNIPPET } from '../snippets/openSnippet';
import type { Folder, FoundLink, Link, Snippet } from '../../../../contracts/index.js';
import { formatDate } from '../../../../ui/lib/dates';
import { FOLDER_DOT, FOLDER_TILE, SNIPPET_BAR } from './colors';
import { Highlight, Marked } from './Highlight';
import { displayUrl, excerptAround } from './highlight';
import { ArrowUpRightIcon, ChevronRightIcon, FolderIcon, FolderOpenIcon, NoteIcon } from './icons';
import { UsersIcon } from '../../../../ui/components/icons';

/**
 * SPEC.md §2: results grouped as Folders, Links, Snippets. Every result carries `data-result`, which the
 * page uses for arrow-key navigation between them.
 */

const ROW =
  'rounded-xl outline-none transition-colors hover:bg-slate-100/80 focus-visible:bg-slate-100 focus-visible:ring-2 focus-visible:ring-brand-500 dark:hover:bg-slate-800/60 dark:focus-visible:bg-slate-800/70';

export function ResultGroup({
  title,
  count,
  children,
}: {
  title: string;
  count: number;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="mb-6 last:mb-0">
      <div className="mb-1 flex items-baseline gap-2 px-3">
        <h2 id={id} className="text-[13px] font-semibold text-slate-700 dark:text-slate-200">
          {title}
        </h2>
        <span className="text-xs text-slate-500 tabular-nums dark:text-slate-400">{count}</span>
      </div>
      <ul className="space-y-0.5">{children}</ul>
    </section>
  );
}

/** Clicking a folder returns to the dashboard with that folder open (SPEC.md §2). */
export function FolderResult({ folder, query }: { folder: Folder; query: string }) {
  return (
    <li>
      <RouterLink
        to={`/app?folder=${encodeURIComponent(folder.id)}`}
        data-result=""
        className={`group flex items-center gap-3 px-3 py-2.5 ${ROW}`}
      >
        <span className={`grid size-9 shrink-0 place-items-center rounded-lg ${FOLDER_TILE[folder.color]}`}>
          <FolderIcon className="size-[18px]" />
        </span>
        <span className="min-w-0 flex-1">
          <span className="block truncate text-sm font-medium text-slate-900 dark:text-slate-100">
            <Highlight text={folder.name} query={query} />
          </span>
          <span className="block truncate text-xs text-slate-500 dark:text-slate-400">
            {folder.linkCount} {folder.linkCount === 1 ? 'link' : 'links'}
            {folder.role !== 'owner' && ` · shared by ${folder.ownerName ?? 'someone'}`}
          </span>
        </span>
        <ChevronRightIcon className="size-4 shrink-0 text-slate-400 opacity-0 transition-opacity group-hover:opacity-100 group-focus-visible:opacity-100" />
      </RouterLink>
    </li>
  );
}

/**
 * A link result opens the saved page in a new tab (the whole row is that link); the button beside it
 * shows the link where it lives on the dashboard (its folder, or Uncategorized).
 */
export function LinkResult({
  link,
  folder,
  query,
}: {
  link: FoundLink;
  folder: Folder | undefined;
  query: string;
}) {
  const description = link.description || link.summaryShort || link.ogDescription;
  const place = link.folderId
    ? `/app?folder=${encodeURIComponent(link.folderId)}`
    : '/app?view=uncategorized';
  const placeName = link.folderId ? (folder?.name ?? 'its folder') : 'Uncategorized';
  return (
    <li
      className={`group relative flex items-start gap-3 px-3 py-3 ${ROW} has-[a:focus-visible]:bg-slate-100 has-[a:focus-visible]:ring-2 has-[a:focus-visible]:ring-brand-500 dark:has-[a:focus-visible]:bg-slate-800/70`}
    >
      <Favicon link={link} />
      <div className="min-w-0 flex-1">
        <RouterLink
          to={linkHref(link.id)}
          data-result=""
          className="line-clamp-2 text-sm font-medium text-slate-900 outline-none after:absolute after:inset-0 after:rounded-xl after:content-[''] sm:line-clamp-1 dark:text-slate-100"
        >
          <Highlight text={link.title} query={query} />
        </RouterLink>
        <p className="mt-0.5 truncate text-xs text-slate-500 dark:text-slate-400">
          <Highlight text={displayUrl(link.url)} query={query} />
        </p>
        {link.match ? (
          <p className="mt-1.5 line-clamp-3 text-[13px] leading-5 text-slate-600 dark:text-slate-300">
            <span className="mr-1.5 text-[11px] font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400">
              In the page
            </span>
            <Marked text={link.match.excerpt} marks={link.match.marks} />
          </p>
        ) : (
          description && (
            <p className="mt-1.5 line-clamp-2 text-[13px] leading-5 text-slate-600 dark:text-slate-300">
              <Highlight text={excerptAround(description, query)} query={query} />
            </p>
          )
        )}
        <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-500 dark:text-slate-400">
          {folder ? (
            <span className="inline-flex min-w-0 items-center gap-1.5">
              <span
                className={`size-2 shrink-0 rounded-full ${FOLDER_DOT[folder.color]}`}
                aria-hidden="true"
              />
              <span className="max-w-[12rem] truncate">{folder.name}</span>
            </span>
          ) : (
            !link.folderId && <span>Uncategorized</span>
          )}
          <time dateTime={link.createdAt}>{formatDate(link.createdAt)}</time>
          {folder && folder.role !== 'owner' && (
            <span className="inline-flex min-w-0 items-center gap-1 rounded-md bg-slate-100 px-1.5 py-0.5 font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-200">
              <UsersIcon className="size-3.5 text-slate-500 dark:text-slate-400" />
              <span className="max-w-[12rem] truncate">Shared by {folder.ownerName ?? 'someone'}</span>
            </span>
          )}
        </div>
      </div>
      <RouterLink
        to={place}
        aria-label={`Show ${link.title} in ${placeName}`}
        title={`Show in ${placeName}`}
        className="relative z-10 -mr-1 grid size-8 shrink-0 place-items-center rounded-lg text-slate-500 dark:text-slate-400 transition hover:bg-white hover:text-slate-700 focus-visible:text-slate-700 sm:opacity-0 sm:group-hover:opacity-100 sm:focus-visible:opacity-100 dark:hover:bg-slate-700 dark:hover:text-slate-100"
      >
        <FolderOpenIcon />
      </RouterLink>
      <a
        href={link.url}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={`Open ${link.title} on its site (new tab)`}
        title="Open the page"
        className="relative z-10 -mr-1 grid size-8 shrink-0 place-items-center rounded-lg text-slate-500 transition hover:bg-white hover:text-slate-700 focus-visible:text-slate-700 sm:opacity-0 sm:group-hover:opacity-100 sm:focus-visible:opacity-100 dark:text-slate-400 dark:hover:bg-slate-700 dark:hover:text-slate-100"
      >
        <ArrowUpRightIcon className="size-4" />
      </a>
    </li>
  );
}

function Favicon({ link }: { link: Link }) {
  const [failed, setFailed] = useState(false);
  const letter = (displayUrl(link.url)[0] ?? '?').toUpperCase();
  if (!link.favicon || failed) {
    return (
      <span
        aria-hidden="true"
        className="grid size-9 shrink-0 place-items-center rounded-lg bg-slate-100 text-sm font-semibold text-slate-500 dark:bg-slate-800 dark:text-slate-300"
      >
        {letter}
      </span>
    );
  }
  return (
    <span className="grid size-9 shrink-0 place-items-center rounded-lg bg-white ring-1 ring-slate-200 dark:bg-slate-800 dark:ring-slate-700">
      <img
        src={link.favicon}
        alt=""
        width={18}
        height={18}
        loading="lazy"
        referrerPolicy="no-referrer"
        onError={() => setFailed(true)}
        className="size-[18px]"
      />
    </span>
  );
}

/** Snippets open the dashboard's Snippets view (SPEC.md §2), where their panel and note live. */
export function SnippetResult({ snippet, query }: { snippet: Snippet; query: string }) {
  const source = snippet.pageTitle || displayUrl(snippet.pageUrl);
  return (
    <li>
      <RouterLink
        to="/app?view=snippets"
        state={{ [OPEN_SNIPPET]: snippet }}
        data-result=""
        className={`flex gap-3 px-3 py-3 ${ROW}`}
      >
        <span
          className={`w-1 shrink-0 self-stretch rounded-full ${SNIPPET_BAR[snippet.color]}`}
          aria-hidden="true"
        />
        <span className="min-w-0 flex-1">
          <span className="line-clamp-3 text-sm leading-6 text-slate-800 dark:text-slate-100">
            “<Highlight text={excerptAround(snippet.selectedText, query)} query={query} />”
          </span>
          {snippet.note && (
            <span className="mt-1.5 flex items-start gap-1.5 text-[13px] text-slate-600 dark:text-slate-300">
              <NoteIcon className="mt-[3px] size-3.5 shrink-0 text-slate-400" />
              <span className="line-clamp-2">
                <Highlight text={excerptAround(snippet.note, query, 32, 160)} query={query} />
              </span>
            </span>
          )}
          <span className="mt-2 flex min-w-0 items-center gap-3 text-xs text-slate-500 dark:text-slate-400">
            <span className="truncate">
              <Highlight text={source} query={query} />
            </span>
            <time dateTime={snippet.createdAt} className="shrink-0">
              {formatDate(snippet.createdAt)}
            </time>
          </span>
        </span>
      </RouterLink>
    </li>
  );
}

export function ResultsSkeleton() {
  return (
    <div aria-hidden="true" className="space-y-1 px-3">
      {[0, 1, 2, 3].map((i) => (
        <div key={i} className="flex animate-pulse items-start gap-3 py-3">
          <div className="size-9 rounded-lg bg-slate-200/80 dark:bg-slate-800" />
          <div className="flex-1 space-y-2 pt-1">
            <div className="h-3 w-2/3 rounded bg-slate-200/80 dark:bg-slate-800" />
            <div className="h-2.5 w-1/3 rounded bg-slate-200/60 dark:bg-slate-800/70" />
          </div>
        </div>
      ))}
    </div>
  );
}
