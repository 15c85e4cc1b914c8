import type { KeyboardEvent, ReactNode } from 'react';
import { readerHref } from '../reader/readerHref';
import type { Folder, Link } from '../../../../contracts/index.js';
import { useLink, useRetryEnrichment } from '../../api/library';
import { SidePanel } from '../../components/SidePanel';
import { ButtonLink, buttonLinkClass } from '../../components/ButtonLink';
import { Button } from '../../../../ui/components/controls';
import { formatDate, formatDateTime } from '../../../../ui/lib/dates';
import { hostOf } from '../../../../ui/lib/format';
import { useDashboardActions } from '../dashboard/DashboardContext';
import { DangerButton } from '../dashboard/DangerButton';
import {
  AlertIcon,
  BookOpenIcon,
  CheckIcon,
  ClockIcon,
  ExternalLinkIcon,
  FolderMoveIcon,
  InboxIcon,
  LinkOffIcon,
  PencilIcon,
  RefreshIcon,
  SparklesIcon,
  TrashIcon,
} from '../../../../ui/components/icons';
import { FOLDER_COLOR_STYLES } from '../folders/folderColors';
import { EnrichmentBadge, PLATFORM_LABELS } from '../../../../ui/components/EnrichmentBadge';
import { type EnrichmentPhase, enrichmentPhase, enrichmentText } from '../../../../ui/lib/enrichmentStatus';
import { Favicon } from '../../../../ui/components/Favicon';
import { isShortcut } from '../dashboard/useKeyboardShortcuts';
import { READING_SHORTCUTS, toggled } from './readingMarks';
import { ReadingToggles } from './ReadingToggles';
import { LinkTags } from '../tags/LinkTags';
import { LinkSnippets } from './LinkSnippets';
import { PreviewImage } from './PreviewImage';
import { useLinkAccess } from '../sharing/folderAccess';

/** The panel is at most 36rem wide (SidePanel) with 1.5rem of padding each side; narrower screens fill it. */
const DETAILS_IMAGE_SIZES = '(min-width: 36rem) 33rem, calc(100vw - 3rem)';

/** Link Details (SPEC.md §2, §4): everything Linkvault knows about one link, kept fresh from the cache. */
export function LinkDetailsPanel({
  linkId,
  folders,
  onClose,
}: {
  linkId: string | null;
  folders: Folder[];
  onClose: () => void;
}) {
  const { data: link } = useLink(linkId);
  const actions = useDashboardActions();
  const { canChange } = useLinkAccess(link ?? { folderId: null });
  const open = linkId !== null && link !== undefined;
  const onKeyDown = (event: KeyboardEvent) => {
    const mark = READING_SHORTCUTS[event.key];
    if (!link || !mark || !canChange || !isShortcut(event)) return;
    event.preventDefault();
    actions.markLink(link, toggled(link, mark));
  };
  return (
    <SidePanel
      open={open}
      onClose={onClose}
      onKeyDown={onKeyDown}
      title="Link Details"
      footer={link && <DetailsActions link={link} />}
    >
      {link && (
        <LinkDetails
          link={link}
          folder={folders.find((f) => f.id === link.folderId) ?? null}
          onNavigate={onClose}
        />
      )}
    </SidePanel>
  );
}

/** The site no longer has the page: say so, and offer the copy Linkvault kept when there is one. */
function BrokenNotice({ link }: { link: Link }) {
  return (
    <div
      role="status"
      className="mt-5 flex items-start gap-3 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800 dark:border-red-500/30 dark:bg-red-500/10 dark:text-red-200"
    >
      <LinkOffIcon className="mt-0.5 size-4 shrink-0" />
      <p className="min-w-0 flex-1 leading-relaxed">
        The page seems to be gone: the last checks found nothing at its address.
        {link.contentAvailable && ' The copy Linkvault kept is still here.'}
      </p>
      {link.contentAvailable && (
        <ButtonLink
          to={`${readerHref(link.id)}?copy=archive`}
          size="sm"
          variant="secondary"
          className="-my-1 shrink-0"
        >
          Archived copy
        </ButtonLink>
      )}
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mt-7">
      <h4 className="mb-2.5 text-xs font-semibold tracking-wider text-slate-500 uppercase dark:text-slate-400">
        {title}
      </h4>
      {children}
    </section>
  );
}

function EnrichmentNotice({ link, canRetry }: { link: Link; canRetry: boolean }) {
  const retry = useRetryEnrichment();
  const text = enrichmentText(link);
  if (!text) return null;
  const phase = enrichmentPhase(link) as Exclude<EnrichmentPhase, 'done'>;
  const quiet =
    'border-slate-200 bg-slate-50 text-slate-700 dark:border-slate-700 dark:bg-slate-800/60 dark:text-slate-200';
  const styles = {
    queued: quiet,
    'not-fetched': quiet,
    retrying:
      'border-amber-200 bg-amber-50 text-amber-900 dark:border-amber-500/30 dark:bg-amber-500/10 dark:text-amber-100',
    processing:
      'enriching-glow border-brand-100 bg-brand-50 text-brand-700 dark:border-brand-500/30 dark:bg-brand-500/10 dark:text-brand-100',
    failed:
      'border-red-200 bg-red-50 text-red-800 dark:border-red-500/30 dark:bg-red-500/10 dark:text-red-200',
  } as const;
  const Icon =
    phase === 'failed' || phase === 'not-fetched'
      ? AlertIcon
      : phase === 'processing'
        ? SparklesIcon
        : ClockIcon;
  return (
    <div
      role="status"
      className={`mt-5 flex items-start gap-3 rounded-xl border px-4 py-3 text-sm ${styles[phase]}`}
    >
      <Icon
        className={`mt-0.5 size-4 shrink-0 ${phase === 'processing' ? 'motion-safe:animate-pulse' : ''}`}
      />
      <p className="min-w-0 flex-1 leading-relaxed break-words">{text}</p>
      {canRetry && (phase === 'failed' || phase === 'not-fetched') && (
        <Button
          size="sm"
          variant="secondary"
          className="-my-1 shrink-0"
          disabled={retry.isPending}
          onClick={() => retry.mutate(link)}
        >
          <RefreshIcon className={`size-3.5 ${retry.isPending ? 'animate-spin' : ''}`} />
          Retry
        </Button>
      )}
    </div>
  );
}

function LinkDetails({
  link,
  folder,
  onNavigate,
}: {
  link: Link;
  folder: Folder | null;
  onNavigate: () => void;
}) {
  const actions = useDashboardActions();
  const { canChange, sharedBy } = useLinkAccess(link);
  const title = link.title || link.ogTitle || hostOf(link.url);
  const description = link.description || link.ogDescription;

  return (
    <article aria-label={title}>
      <PreviewImage
        link={link}
        sizes={DETAILS_IMAGE_SIZES}
        className="mb-5 aspect-[1.91/1] h-auto w-full rounded-xl border border-slate-200 bg-slate-100 object-cover dark:border-slate-800 dark:bg-slate-800"
      />
      <div className="flex items-start gap-3.5">
        <Favicon url={link.url} favicon={link.favicon} size="lg" />
        <div className="min-w-0 flex-1">
          <h3 className="text-lg leading-snug font-semibold break-words text-slate-900 dark:text-white">
            {title}
          </h3>
          <a
            href={link.url}
            target="_blank"
            rel="noopener noreferrer"
            className="mt-1 inline-flex max-w-full items-center gap-1 text-sm text-brand-600 hover:underline dark:text-brand-100"
          >
            <span className="truncate">{hostOf(link.url)}</span>
            <ExternalLinkIcon className="size-3.5" />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        </div>
        <EnrichmentBadge link={link} />
      </div>

      {canChange && <ReadingToggles link={link} />}

      {link.availability === 'broken' && <BrokenNotice link={link} />}

      <EnrichmentNotice link={link} canRetry={canChange} />

      {(link.summaryShort || link.summaryLong) && (
        <Section title="Summary">
          {link.summaryShort && (
            <p className="text-[15px] leading-relaxed font-medium text-slate-800 dark:text-slate-100">
              {link.summaryShort}
            </p>
          )}
          {link.summaryLong && (
            <p className="mt-3 text-sm leading-relaxed whitespace-pre-line text-slate-600 dark:text-slate-300">
              {link.summaryLong}
            </p>
          )}
        </Section>
      )}

      {link.keyPoints.length > 0 && (
        <Section title="Key points">
          <ul className="space-y-2">
            {link.keyPoints.map((point, index) => (
              <li
                key={index}
                className="flex gap-2.5 text-sm leading-relaxed text-slate-700 dark:text-slate-200"
              >
                <span className="mt-0.5 grid size-5 shrink-0 place-items-center rounded-full bg-brand-50 text-brand-600 dark:bg-brand-500/15 dark:text-brand-100">
                  <CheckIcon className="size-3" strokeWidth={3} />
                </span>
                <span>{point}</span>
              </li>
            ))}
          </ul>
        </Section>
      )}

      {link.highlights.length > 0 && (
        <Section title="Highlights">
          <div className="space-y-2.5">
            {link.highlights.map((highlight, index) => (
              <blockquote
                key={index}
                className="border-l-2 border-amber-400 bg-amber-50/60 py-1.5 pr-3 pl-3.5 text-sm leading-relaxed text-slate-700 dark:bg-amber-400/5 dark:text-slate-200"
              >
                {highlight}
              </blockquote>
            ))}
          </div>
        </Section>
      )}

      {description && (
        <Section title="Description">
          <p className="text-sm leading-relaxed whitespace-pre-line text-slate-600 dark:text-slate-300">
            {description}
          </p>
        </Section>
      )}

      <Section title="Tags">
        <LinkTags link={link} onNavigate={onNavigate} editable={canChange} />
      </Section>

      {link.snippetCount > 0 && (
        <Section title={`Snippets (${link.snippetCount})`}>
          <LinkSnippets
            link={link}
            onOpen={(snippet) => {
              onNavigate();
              actions.showSnippet(snippet);
            }}
          />
        </Section>
      )}

      <Section title="Details">
        <dl className="divide-y divide-slate-100 rounded-xl border border-slate-200 text-sm dark:divide-slate-800 dark:border-slate-800">
          <Detail term="Folder">
            {folder ? (
              <span className="inline-flex items-center gap-2">
                <span
                  className={`size-2.5 rounded-full ${FOLDER_COLOR_STYLES[folder.color].dot}`}
                  aria-hidden="true"
                />
                {folder.name}
                {sharedBy && (
                  <span className="text-slate-500 dark:text-slate-400">
                    · shared by {sharedBy}
                    {!canChange && ', view only'}
                  </span>
                )}
              </span>
            ) : (
              <span className="inline-flex items-center gap-1.5">
                <InboxIcon className="size-3.5 text-slate-500 dark:text-slate-400" />
                Uncategorized
              </span>
            )}
          </Detail>
          <Detail term="Platform">{PLATFORM_LABELS[link.platform]}</Detail>
          <Detail term="Saved">
            <time dateTime={link.createdAt} title={formatDateTime(link.createdAt)}>
              {formatDate(link.createdAt)}
            </time>
          </Detail>
          {link.lastProcessedAt && (
            <Detail term="Last enriched">
              <time dateTime={link.lastProcessedAt} title={formatDateTime(link.lastProcessedAt)}>
                {formatDate(link.lastProcessedAt)}
              </time>
            </Detail>
          )}
          <Detail term="Snippets">{link.snippetCount}</Detail>
          {link.extractionMethod && <Detail term="Extracted with">{link.extractionMethod}</Detail>}
          <Detail term="URL">
            <span className="block truncate" title={link.url}>
              {link.url}
            </span>
          </Detail>
        </dl>
      </Section>
    </article>
  );
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex items-center gap-4 px-3.5 py-2.5">
      <dt className="w-28 shrink-0 text-slate-500 dark:text-slate-400">{term}</dt>
      <dd className="min-w-0 flex-1 text-slate-800 dark:text-slate-100">{children}</dd>
    </div>
  );
}

function DetailsActions({ link }: { link: Link }) {
  const actions = useDashboardActions();
  const { canChange } = useLinkAccess(link);
  return (
    <>
      {link.contentAvailable && (
        <ButtonLink to={readerHref(link.id)}>
          <BookOpenIcon />
          Read
        </ButtonLink>
      )}
      <a
        href={link.url}
        target="_blank"
        rel="noopener noreferrer"
        className={buttonLinkClass(link.contentAvailable ? 'secondary' : 'primary', 'md')}
      >
        <ExternalLinkIcon />
        Open
      </a>
      {canChange && (
        <>
          <Button variant="secondary" onClick={() => actions.editLink(link)}>
            <PencilIcon />
            Edit
          </Button>
          <Button variant="secondary" onClick={() => actions.moveLink(link)}>
            <FolderMoveIcon />
            Move
          </Button>
          <DangerButton className="ml-auto" onClick={() => actions.deleteLink(link)} title="Delete">
            <TrashIcon />
            <span className="sr-only sm:not-sr-only">Delete</span>
          </DangerButton>
        </>
      )}
    </>
  );
}
