import type { ReactNode } from 'react';
import { IMPORT_FORMAT_LABELS } from '../../../../contracts/import-formats.js';
import type { Import } from '../../../../contracts/index.js';
import { isActive, useCancelImport, useDownloadSkipped } from '../../api/imports';
import { ButtonLink } from '../../components/ButtonLink';
import { Spinner } from '../../../../ui/components/Spinner';
import { Alert, Button } from '../../../../ui/components/controls';
import { AlertIcon, CheckIcon, DownloadIcon, XIcon } from '../../../../ui/components/icons';
import { FileName, FileTile } from './FileTile';
import { ImportCounts } from './ImportCounts';
import { importPercent, importProgress } from './importText';

/**
 * One import as it runs (a live progress bar and its counts, with Cancel) and once it has ended (the
 * result line, the skipped list, what went wrong). The import's phase is announced to screen readers as
 * it changes; the counts, which change every batch, are not.
 */
export function ImportProgress({ item, onDismiss }: { item: Import; onDismiss: () => void }) {
  const active = isActive(item);
  const cancel = useCancelImport();
  const skipped = useDownloadSkipped();

  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
      <div className="flex items-start gap-3">
        <StatusTile item={item} />
        <div className="min-w-0 flex-1">
          <FileName name={item.fileName} />
          <p className="text-sm text-slate-500 dark:text-slate-400">{IMPORT_FORMAT_LABELS[item.format]}</p>
        </div>
      </div>

      <p aria-live="polite" className="mt-4 text-sm font-medium text-slate-900 dark:text-white">
        {headline(item)}
      </p>

      {active ? (
        <>
          <ProgressBar item={item} />
          <div className="mt-2 flex flex-wrap justify-between gap-x-4 gap-y-1 text-sm text-slate-600 tabular-nums dark:text-slate-400">
            <span>{importProgress(item)}</span>
            <span>
              <ImportCounts item={item} />
            </span>
          </div>
        </>
      ) : (
        item.status !== 'done' && (
          <p className="mt-1 text-sm text-slate-600 tabular-nums dark:text-slate-400">
            <ImportCounts item={item} />
          </p>
        )
      )}

      {item.error && (
        <div className="mt-4">
          <Alert>
            {item.status === 'failed'
              ? item.error
              : `Part of the file could not be read (${item.error.replace(/\.$/, '')}). Everything before that point was imported.`}
          </Alert>
        </div>
      )}
      {cancel.error && (
        <div className="mt-4">
          <Alert>Could not cancel the import. Please try again.</Alert>
        </div>
      )}
      {skipped.error && (
        <div className="mt-4">
          <Alert>Could not download the skipped list. Please try again.</Alert>
        </div>
      )}

      <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:flex-wrap sm:justify-end">
        {active ? (
          <Button variant="secondary" disabled={cancel.isPending} onClick={() => cancel.mutate(item)}>
            {cancel.isPending ? 'Cancelling…' : 'Cancel import'}
          </Button>
        ) : (
          <>
            {item.skipped > 0 && (
              <Button variant="secondary" disabled={skipped.isPending} onClick={() => skipped.mutate(item)}>
                <DownloadIcon />
                Download skipped list
              </Button>
            )}
            <Button variant="secondary" onClick={onDismiss}>
              Import another file
            </Button>
            {item.created + item.merged > 0 && <ButtonLink to="/app">Go to your links</ButtonLink>}
          </>
        )}
      </div>
    </div>
  );
}

function headline(item: Import): ReactNode {
  switch (item.status) {
    case 'queued':
      return 'Waiting to start…';
    case 'running':
      return item.total === null ? 'Reading the file…' : 'Importing…';
    case 'done':
      return <ImportCounts item={item} />;
    case 'cancelled':
      return 'Import cancelled. What it brought in stays in your vault.';
    case 'failed':
      return 'The import stopped.';
  }
}

/** Under way, done, done short of the file's end or cancelled (amber: part of it came in), or failed. */
function StatusTile({ item }: { item: Import }) {
  if (isActive(item)) {
    return (
      <FileTile>
        <Spinner label="Importing" className="size-5" />
      </FileTile>
    );
  }
  if (item.status === 'done' && !item.error) {
    return (
      <FileTile tone="emerald">
        <CheckIcon className="size-5" />
      </FileTile>
    );
  }
  return (
    <FileTile tone={item.status === 'failed' ? 'red' : 'amber'}>
      {item.status === 'cancelled' ? <XIcon className="size-5" /> : <AlertIcon className="size-5" />}
    </FileTile>
  );
}

/** Determinate once the file is counted; until then a pulsing bar says work is going on. */
function ProgressBar({ item }: { item: Import }) {
  const percent = importPercent(item);
  return (
    <div
      role="progressbar"
      aria-label="Import progress"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent ?? undefined}
      aria-valuetext={percent === null ? 'Reading the file' : `${percent}%, ${importProgress(item)}`}
      className="mt-3 h-2 overflow-hidden rounded-full bg-slate-100 dark:bg-slate-800"
    >
      <div
        className={`h-full rounded-full transition-[width] duration-500 ${
          percent === null ? 'w-full animate-pulse bg-brand-600/40' : 'bg-brand-600'
        }`}
        style={percent === null ? undefined : { width: `${Math.max(percent, 2)}%` }}
      />
    </div>
  );
}
