import { type ReactNode, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import type { Link, LinkContent } from '../../../contracts/index.js';
import { useFolders, useLink, useMarkLink } from '../api/library';
import { useLinkArchive, useLinkContent, useLinkSnippets } from '../api/reading';
import { Button } from '../../../ui/components/controls';
import { ArchiveIcon, ExternalLinkIcon, StarIcon } from '../../../ui/components/icons';
import { Spinner } from '../../../ui/components/Spinner';
import { formatDate } from '../../../ui/lib/dates';
import { hostOf } from '../../../ui/lib/format';
import { ArrowLeftIcon } from '../features/search/icons';
import { useReadingProgress } from '../features/reader/useReadingProgress';
import { useTextSize } from '../features/reader/useTextSize';
import { drawArticle } from '../features/reader/drawArticle';
import { HighlightToolbar } from '../features/reader/HighlightToolbar';
import { markLabel, markOn, toggled } from '../features/links/readingMarks';
import { linkHref } from '../../../ui/lib/linkHref';
import { linkAccess } from '../features/sharing/folderAccess';

/**
 * The reader view (API.md "Reading, organising and finding"): the page's article as Linkvault kept it, in
 * readable type, light or dark, at the person's text size, opening where they stopped reading. The
 * archived copy of the whole page is one switch away, for when the site is gone.
 */
export function ReaderPage() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const link = useLink(id);
  const content = useLinkContent(id, link.data?.contentAvailable ?? true);
  // ?copy=archive (from a broken link's notice) opens the archived copy first.
  const [showArchive, setShowArchive] = useState(params.get('copy') === 'archive');
  const text = useTextSize();
  const ready = content.isSuccess && !showArchive;
  // A link in a folder shared with the person as a viewer is read, not marked: no progress, no buttons.
  const folders = useFolders();
  const canChange = useMemo(
    () => linkAccess(link.data ?? { folderId: null }, new Map(folders.data?.map((f) => [f.id, f]))).canChange,
    [link.data, folders.data],
  );
  const progress = useReadingProgress(id, link.data?.readingProgress, ready, canChange);

  return (
    <div className="min-h-dvh bg-white text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <title>{`${link.data?.title ?? 'Reader'} · Linkvault`}</title>
      <header className="sticky top-0 z-20 border-b border-slate-200/80 bg-white/90 backdrop-blur-md dark:border-slate-800 dark:bg-slate-950/85">
        <div className="mx-auto flex h-12 max-w-3xl items-center gap-1 px-3 sm:px-6">
          <RouterLink
            to={link.data ? linkHref(link.data.id) : '/app'}
            className="-ml-1 inline-flex items-center gap-1.5 rounded-lg px-2 py-1.5 text-sm font-medium text-slate-600 transition-colors hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white"
          >
            <ArrowLeftIcon />
            Library
          </RouterLink>
          <div className="ml-auto flex items-center gap-1">
            {content.isSuccess && (
              <Button
                size="sm"
                variant="secondary"
                aria-pressed={showArchive}
                onClick={() => setShowArchive((shown) => !shown)}
              >
                {showArchive ? 'Reader view' : 'Archived copy'}
              </Button>
            )}
            {!showArchive && (
              <div className="flex items-center" role="group" aria-label="Text size">
                <button
                  type="button"
                  className={sizeButtonClass}
                  onClick={text.smaller}
                  disabled={!text.smaller}
                  aria-label="Smaller text"
                >
                  A
                </button>
                <button
                  type="button"
                  className={`${sizeButtonClass} text-lg`}
                  onClick={text.larger}
                  disabled={!text.larger}
                  aria-label="Larger text"
                >
                  A
                </button>
              </div>
            )}
          </div>
        </div>
        <div
          className="h-0.5 bg-brand-600 transition-[width] duration-150 motion-reduce:transition-none"
          style={{ width: `${Math.round((showArchive ? 0 : progress) * 100)}%` }}
          role="progressbar"
          aria-label="Read so far"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(progress * 100)}
        />
      </header>
      <main className="mx-auto max-w-3xl px-5 pt-8 pb-24 sm:px-6 sm:pt-12">
        {link.isError ? (
          <ReaderProblem title="This link is not in your library">
            It may have been deleted. <RouterLink to="/app">Back to your links</RouterLink>
          </ReaderProblem>
        ) : !link.data || content.isPending ? (
          <div className="grid place-items-center py-24" aria-busy="true">
            <Spinner label="Opening the page" />
          </div>
        ) : content.isError || !link.data.contentAvailable ? (
          <NoContent link={link.data} />
        ) : (
          <>
            {link.data.availability === 'broken' && <GoneNote />}
            {showArchive ? (
              <ArchivedCopy link={link.data} />
            ) : (
              <Article link={link.data} content={content.data} size={text.size} canMark={canChange} />
            )}
          </>
        )}
      </main>
    </div>
  );
}

const sizeButtonClass =
  'grid size-8 place-items-center rounded-lg text-sm font-semibold text-slate-600 hover:bg-slate-100 hover:text-slate-900 disabled:opacity-40 disabled:hover:bg-transparent dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white';

function Article({
  link,
  content,
  size,
  canMark,
}: {
  link: Link;
  content: LinkContent;
  size: number;
  canMark: boolean;
}) {
  const mark = useMarkLink();
  const body = useRef<HTMLDivElement>(null);
  const snippets = useLinkSnippets(link.id, true);
  // Drawn again when the snippets change (a highlight just saved appears in its colour).
  useLayoutEffect(() => {
    if (body.current) drawArticle(body.current, content.html, snippets.data ?? []);
  }, [content.html, snippets.data]);
  const about = [content.byline, content.siteName ?? hostOf(link.url)].filter(Boolean).join(' · ');
  return (
    <article lang={content.language}>
      <header className="mb-8 border-b border-slate-200 pb-6 dark:border-slate-800">
        <h1 className="text-3xl leading-tight font-bold tracking-tight break-words text-slate-900 sm:text-4xl dark:text-white">
          {link.title}
        </h1>
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">{about}</p>
        <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-500 dark:text-slate-400">
          <span>{content.readingMinutes} min read</span>
          <span aria-hidden="true">·</span>
          <span>Saved {formatDate(link.createdAt)}</span>
          <a
            href={link.url}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1 text-brand-600 hover:underline dark:text-brand-100"
          >
            Original page
            <ExternalLinkIcon className="size-3.5" />
          </a>
        </p>
      </header>
      {/* Filled by drawArticle with the article, sanitized by the server (server/enrich/sanitize.ts) when
          the page was kept; the CSP forbids inline scripts too. Busy until its snippets are drawn on it:
          the article is drawn again then. */}
      <div
        ref={body}
        className="reader-prose"
        aria-busy={snippets.isPending}
        style={{ fontSize: `${size}px` }}
      />
      <HighlightToolbar root={body} link={link} />
      {canMark && (
        <footer className="mt-12 flex flex-wrap items-center gap-2 border-t border-slate-200 pt-6 dark:border-slate-800">
          <Button
            variant={link.state === 'unread' ? 'primary' : 'secondary'}
            onClick={() => mark.mutate({ link, changes: toggled(link, 'read') })}
          >
            {markLabel(link, 'read')}
          </Button>
          <Button
            variant="secondary"
            aria-pressed={link.favorite}
            onClick={() => mark.mutate({ link, changes: toggled(link, 'favorite') })}
          >
            <StarIcon fill={link.favorite ? 'currentColor' : 'none'} />
            Favourite
          </Button>
          <Button
            variant="secondary"
            aria-pressed={markOn(link, 'archive')}
            onClick={() => mark.mutate({ link, changes: toggled(link, 'archive') })}
          >
            <ArchiveIcon />
            {markOn(link, 'archive') ? 'Archived' : 'Archive'}
          </Button>
        </footer>
      )}
    </article>
  );
}

function GoneNote() {
  return (
    <p className="mb-4 rounded-lg bg-red-50 px-4 py-2.5 text-sm text-red-800 dark:bg-red-500/10 dark:text-red-200">
      The original page seems to be gone: the last checks found nothing at its address. Linkvault kept this
      copy of it.
    </p>
  );
}

/** The whole page as kept, in a frame without scripts (sandbox), drawn from the server's sanitized copy. */
function ArchivedCopy({ link }: { link: Link }) {
  const archive = useLinkArchive(link.id, true);
  if (archive.isPending) {
    return (
      <div className="grid place-items-center py-24" aria-busy="true">
        <Spinner label="Opening the archived copy" />
      </div>
    );
  }
  if (archive.isError) {
    return (
      <ReaderProblem title="The archived copy could not be opened">Try again in a moment.</ReaderProblem>
    );
  }
  return (
    <iframe
      title={`Archived copy of ${link.title}`}
      sandbox=""
      referrerPolicy="no-referrer"
      srcDoc={archive.data}
      className="h-[75dvh] w-full rounded-xl border border-slate-200 bg-white dark:border-slate-800"
    />
  );
}

function NoContent({ link }: { link: Link }) {
  const waiting = link.enrichmentStatus === 'queued' || link.enrichmentStatus === 'processing';
  return (
    <ReaderProblem title={waiting ? 'Linkvault is fetching this page' : 'No readable copy of this page'}>
      {waiting
        ? 'The reader view opens once the page has been fetched. This takes a few seconds.'
        : 'Linkvault could not keep the text of this page (it may be a file, a video or a page that refused it).'}{' '}
      <a href={link.url} target="_blank" rel="noopener noreferrer">
        Open the original
      </a>
    </ReaderProblem>
  );
}

function ReaderProblem({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-md py-20 text-center">
      <h1 className="text-lg font-semibold text-slate-900 dark:text-white">{title}</h1>
      <p className="mt-2 text-sm leading-6 text-slate-600 [&_a]:text-brand-600 [&_a]:underline dark:text-slate-400 dark:[&_a]:text-brand-100">
        {children}
      </p>
    </div>
  );
}
