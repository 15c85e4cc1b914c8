import { useEffect, useRef, useState } from 'react';
import type { Folder, Link } from '../../../contracts/entities.js';
import { Spinner } from '../../../ui/components/Spinner';
import { Alert, Button } from '../../../ui/components/controls';
import { FolderSelect } from '../../../ui/components/FolderSelect';
import { Favicon } from '../../../ui/components/Favicon';
import { EnrichmentBadge } from '../../../ui/components/EnrichmentBadge';
import { enrichmentText } from '../../../ui/lib/enrichmentStatus';
import { formatDate } from '../../../ui/lib/dates';
import { hostOf } from '../../../ui/lib/format';
import { linkHref } from '../../../ui/lib/linkHref';
import { type SaveResult, type Status, callBackground } from '../shared/messages.js';

/** How often the popup asks for the link while it is being enriched, and for how long at most. */
const POLL_MS = 2000;
const POLL_FOR_MS = 3 * 60 * 1000;

type Saving = { state: 'saving' } | { state: 'error'; message: string } | SaveResult;

/**
 * Saves the tab as soon as the popup opens (the "one click"), then shows the link as the server enriches
 * it, and lets it be filed in a folder. `?tabId=` names the tab when the popup is opened as a page of its
 * own (a detached window, or the e2e tests); otherwise it is the active tab of the window.
 */
export function SavePanel({ status }: { status: Extract<Status, { signedIn: true }> }) {
  const [saving, setSaving] = useState<Saving>({ state: 'saving' });
  const started = useRef(false);

  /** `copy`: save the page again although it is already saved ("Save anyway"). */
  const save = (copy = false) => {
    setSaving({ state: 'saving' });
    void targetTabId()
      .then((tabId) =>
        tabId === null ? { state: 'unsupported' as const } : callBackground('savePage', { tabId, copy }),
      )
      .then(setSaving, (error: Error) => setSaving({ state: 'error', message: error.message }));
  };
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    save();
  }, []);

  return (
    <main className="flex flex-1 flex-col">
      <div className="flex-1 p-4">
        {saving.state === 'saving' && (
          <div className="flex items-center gap-3 py-6 text-sm text-slate-600 dark:text-slate-300">
            <Spinner label="Saving" className="size-5" />
            Saving this page…
          </div>
        )}
        {saving.state === 'error' && (
          <div className="space-y-3">
            <Alert>{saving.message}</Alert>
            <Button size="sm" variant="secondary" onClick={() => save()}>
              Try again
            </Button>
          </div>
        )}
        {saving.state === 'unsupported' && (
          <Outcome tone="muted" title="This page can’t be saved">
            Only web pages (http and https addresses) can be saved to Linkvault.
          </Outcome>
        )}
        {saving.state === 'queued' && (
          <Outcome tone="pending" title="Saved offline">
            You’re offline or Linkvault can’t be reached. The page is kept here and sent as soon as the
            connection is back.
          </Outcome>
        )}
        {(saving.state === 'saved' || saving.state === 'already') && (
          <SavedLink
            // A copy saved with "Save anyway" is another link: its panel starts afresh.
            key={saving.link.id}
            initial={saving.link}
            already={saving.state === 'already'}
            server={status.server}
            onSaveAnyway={() => save(true)}
          />
        )}
      </div>
      <footer className="flex items-center justify-between gap-3 border-t border-slate-200 px-4 py-2.5 text-xs dark:border-slate-800">
        <a
          href={`${status.server}/app`}
          target="_blank"
          rel="noreferrer"
          className="font-medium text-brand-700 hover:underline dark:text-brand-100"
        >
          Open Linkvault
        </a>
        {status.pending > 0 ? (
          <span className="text-amber-700 dark:text-amber-300">{status.pending} waiting to sync</span>
        ) : (
          <span className="truncate text-slate-500 dark:text-slate-400" title={status.user.email}>
            {status.user.email}
          </span>
        )}
      </footer>
    </main>
  );
}

function SavedLink({
  initial,
  already,
  server,
  onSaveAnyway,
}: {
  initial: Link;
  already: boolean;
  server: string;
  onSaveAnyway: () => void;
}) {
  const [link, setLink] = useState(initial);
  const [folders, setFolders] = useState<Folder[] | null>(null);
  const [moveError, setMoveError] = useState<string | null>(null);
  const settled = link.enrichmentStatus === 'enriched' || link.enrichmentStatus === 'failed';

  useEffect(() => {
    void callBackground('folders').then(setFolders, () => setFolders([]));
  }, []);

  useEffect(() => {
    if (settled) return;
    const startedAt = Date.now();
    const timer = setInterval(() => {
      if (Date.now() - startedAt > POLL_FOR_MS) clearInterval(timer);
      else void callBackground('link', { id: link.id }).then(setLink, () => undefined);
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [link.id, settled]);

  const move = (folderId: string | null) => {
    setMoveError(null);
    void callBackground('moveLink', { id: link.id, folderId }).then(setLink, () =>
      setMoveError('Failed to move link. Please try again.'),
    );
  };

  return (
    <div className="space-y-4">
      <Outcome tone="success" title={already ? 'Already in your vault' : 'Saved to Linkvault'} />
      <div className="flex gap-3">
        <Favicon url={link.url} favicon={link.favicon} />
        <div className="min-w-0 flex-1">
          <p className="line-clamp-2 text-sm font-medium text-slate-900 dark:text-white">
            {link.ogTitle ?? link.title}
          </p>
          <p className="truncate text-xs text-slate-500 dark:text-slate-400">{hostOf(link.url)}</p>
          {already && (
            <p className="text-xs text-slate-500 dark:text-slate-400">Saved {formatDate(link.createdAt)}</p>
          )}
        </div>
      </div>
      {already && (
        <div className="grid grid-cols-2 gap-2">
          <a
            href={`${server}${linkHref(link.id)}`}
            target="_blank"
            rel="noreferrer"
            className="inline-flex h-8 items-center justify-center rounded-lg border border-slate-300 bg-white px-3 text-sm font-medium text-slate-800 transition-colors hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800"
          >
            Open in Linkvault
          </a>
          <Button size="sm" variant="secondary" onClick={onSaveAnyway}>
            Save anyway
          </Button>
        </div>
      )}
      <div aria-live="polite" className="rounded-lg bg-slate-50 px-3 py-2.5 text-sm dark:bg-slate-900">
        {link.enrichmentStatus === 'enriched' ? (
          <p className="line-clamp-4 text-slate-700 dark:text-slate-300">
            {link.summaryShort ?? link.ogDescription ?? 'Enriched: title, summary and tags are ready.'}
          </p>
        ) : (
          <div className="flex items-start gap-2">
            <EnrichmentBadge link={link} />
            <p className="text-slate-600 dark:text-slate-400">{enrichmentText(link)}</p>
          </div>
        )}
      </div>
      {folders && <FolderSelect folders={folders} value={link.folderId} onChange={move} />}
      {moveError && <Alert>{moveError}</Alert>}
    </div>
  );
}

const TONES = {
  success: 'bg-emerald-50 text-emerald-600 dark:bg-emerald-400/10 dark:text-emerald-300',
  pending: 'bg-amber-50 text-amber-600 dark:bg-amber-400/10 dark:text-amber-300',
  muted: 'bg-slate-100 text-slate-500 dark:bg-slate-800 dark:text-slate-400',
};
const ICONS = { success: 'M5 12.5l4.5 4.5L19 7', pending: 'M12 7v5l3 2', muted: 'M7 7l10 10M17 7 7 17' };

function Outcome({ tone, title, children }: { tone: keyof typeof TONES; title: string; children?: string }) {
  return (
    <div className="flex gap-3">
      <span className={`grid size-8 shrink-0 place-items-center rounded-full ${TONES[tone]}`}>
        <svg
          viewBox="0 0 24 24"
          className="size-4"
          fill="none"
          stroke="currentColor"
          strokeWidth={2.5}
          strokeLinecap="round"
          aria-hidden="true"
        >
          <path d={ICONS[tone]} />
        </svg>
      </span>
      <div className="min-w-0 pt-1">
        <h1 className="text-sm font-semibold text-slate-900 dark:text-white">{title}</h1>
        {children && <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{children}</p>}
      </div>
    </div>
  );
}

async function targetTabId(): Promise<number | null> {
  const named = Number(new URLSearchParams(location.search).get('tabId'));
  if (Number.isInteger(named) && named > 0) return named;
  const [tab] = await chrome.tabs.query({ active: true, currentWindow: true });
  return tab?.id ?? null;
}
