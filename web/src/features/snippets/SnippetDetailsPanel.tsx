import { useEffect, useState } from 'react';
import { LIMITS } from '../../../../contracts/constants.js';
import type { Snippet } from '../../../../contracts/index.js';
import { useUpdateSnippetNote } from '../../api/library';
import { SidePanel } from '../../components/SidePanel';
import { Alert, Button, TextArea } from '../../../../ui/components/controls';
import { formatDate, formatDateTime } from '../../../../ui/lib/dates';
import { hostOf } from '../../../../ui/lib/format';
import { useDashboardActions } from '../dashboard/DashboardContext';
import { DangerButton } from '../dashboard/DangerButton';
import { CheckIcon, ExternalLinkIcon, TrashIcon } from '../../../../ui/components/icons';
import { SNIPPET_COLOR_STYLES } from './snippetColors';

/** SPEC.md §4: the note editor goes idle → saving → saved (the panel closes 1 second later) or error. */
type NoteStatus = 'idle' | 'saving' | 'saved' | 'error';
const CLOSE_AFTER_SAVED_MS = 1000;

export function SnippetDetailsPanel({ snippet, onClose }: { snippet: Snippet | null; onClose: () => void }) {
  return (
    <SidePanel
      open={snippet !== null}
      onClose={onClose}
      title="Snippet Details"
      accent={snippet ? SNIPPET_COLOR_STYLES[snippet.color].bar : undefined}
    >
      {snippet && <SnippetDetails key={snippet.id} snippet={snippet} onClose={onClose} />}
    </SidePanel>
  );
}

function SnippetDetails({ snippet, onClose }: { snippet: Snippet; onClose: () => void }) {
  const actions = useDashboardActions();
  const save = useUpdateSnippetNote();
  const [note, setNote] = useState(snippet.note ?? '');
  const [status, setStatus] = useState<NoteStatus>('idle');
  const style = SNIPPET_COLOR_STYLES[snippet.color];
  const changed = note !== (snippet.note ?? '');

  useEffect(() => {
    if (status !== 'saved') return;
    const timer = setTimeout(onClose, CLOSE_AFTER_SAVED_MS);
    return () => clearTimeout(timer);
  }, [status, onClose]);

  const submit = () => {
    if (status === 'saving') return;
    setStatus('saving');
    save.mutate(
      { snippet, note: note.trim() ? note : null },
      { onSuccess: () => setStatus('saved'), onError: () => setStatus('error') },
    );
  };

  return (
    <div>
      <figure>
        <blockquote className="text-[17px] leading-relaxed text-slate-800 dark:text-slate-100">
          {snippet.contextBefore && (
            <span className="text-slate-500 dark:text-slate-400">…{snippet.contextBefore.trimStart()} </span>
          )}
          <mark className={`box-decoration-clone rounded-sm px-0.5 text-inherit ${style.mark}`}>
            {snippet.selectedText}
          </mark>
          {snippet.contextAfter && (
            <span className="text-slate-500 dark:text-slate-400">
              {' '}
              {snippet.contextAfter.trimEnd()}
              {/[.!?…]$/.test(snippet.contextAfter.trimEnd()) ? '' : '…'}
            </span>
          )}
        </blockquote>
        <figcaption className="mt-5 flex items-center gap-3 rounded-xl border border-slate-200 px-3.5 py-3 dark:border-slate-800">
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm font-medium text-slate-900 dark:text-white">
              {snippet.pageTitle || hostOf(snippet.pageUrl)}
            </p>
            <p className="mt-0.5 truncate text-xs text-slate-500 dark:text-slate-400">
              {hostOf(snippet.pageUrl)} · Saved{' '}
              <time dateTime={snippet.createdAt} title={formatDateTime(snippet.createdAt)}>
                {formatDate(snippet.createdAt)}
              </time>
            </p>
          </div>
          <a
            href={snippet.pageUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="grid size-9 shrink-0 place-items-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white"
            aria-label="Open page"
            title="Open page"
          >
            <ExternalLinkIcon />
          </a>
        </figcaption>
      </figure>

      <form
        className="mt-7"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <TextArea
          label="Note"
          value={note}
          onChange={(event) => {
            setNote(event.target.value);
            if (status !== 'saving') setStatus('idle');
          }}
          placeholder="Add a thought, a question, or why this matters…"
          rows={6}
          maxLength={LIMITS.note}
          disabled={status === 'saving' || status === 'saved'}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) {
              event.preventDefault();
              submit();
            }
          }}
        />
        {status === 'error' && (
          <div className="mt-3">
            <Alert>Failed to save note. Please try again.</Alert>
          </div>
        )}
        <div className="mt-4 flex items-center gap-2">
          <DangerButton
            className="-ml-3"
            onClick={() => actions.deleteSnippet(snippet)}
            disabled={status === 'saving'}
          >
            <TrashIcon />
            Delete
          </DangerButton>
          <span className="flex-1" />
          {snippet.updatedAt !== snippet.createdAt && status === 'idle' && !changed && (
            <span className="hidden text-xs text-slate-500 sm:inline dark:text-slate-400">
              Edited {formatDate(snippet.updatedAt)}
            </span>
          )}
          {status === 'saved' ? (
            <span
              role="status"
              className="inline-flex h-10 items-center gap-2 rounded-lg bg-emerald-50 px-4 text-sm font-medium text-emerald-700 dark:bg-emerald-500/15 dark:text-emerald-300"
            >
              <CheckIcon />
              Saved
            </span>
          ) : (
            <Button type="submit" disabled={status === 'saving' || (!changed && status !== 'error')}>
              {status === 'saving' ? 'Saving…' : 'Save Note'}
            </Button>
          )}
        </div>
      </form>
    </div>
  );
}
