import { IMPORT_FORMAT_LABELS } from '../../../../contracts/import-formats.js';
import type { Import, ImportStatus } from '../../../../contracts/index.js';
import { isActive, useDownloadSkipped } from '../../api/imports';
import { Alert, Badge, Button } from '../../../../ui/components/controls';
import { formatDate } from '../../../../ui/lib/dates';
import { DownloadIcon } from '../../../../ui/components/icons';
import { FileName } from './FileTile';
import { ImportCounts } from './ImportCounts';
import { STATUS_LABELS, importProgress } from './importText';

const STATUS_TONES: Record<ImportStatus, 'slate' | 'brand' | 'red' | 'amber'> = {
  queued: 'slate',
  running: 'brand',
  done: 'slate',
  failed: 'red',
  cancelled: 'amber',
};

/** The imports made before, newest first: what each file was, when, and what came of it. */
export function PastImports({ items }: { items: Import[] }) {
  const skipped = useDownloadSkipped();
  if (items.length === 0) {
    return <p className="text-sm text-slate-500 dark:text-slate-400">No imports yet.</p>;
  }
  return (
    <div className="space-y-3">
      {skipped.error && <Alert>Could not download the skipped list. Please try again.</Alert>}
      <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
        {items.map((item) => (
          <li
            key={item.id}
            aria-label={item.fileName}
            className="flex flex-wrap items-start gap-x-4 gap-y-2 p-4"
          >
            <div className="min-w-0 flex-1 basis-60">
              <FileName name={item.fileName} />
              <p className="text-xs text-slate-500 dark:text-slate-400">
                {IMPORT_FORMAT_LABELS[item.format]}
              </p>
              <p className="mt-2 flex items-center gap-2 text-xs text-slate-500 dark:text-slate-400">
                <Badge tone={STATUS_TONES[item.status]}>{STATUS_LABELS[item.status]}</Badge>
                <span className="whitespace-nowrap">{formatDate(item.createdAt)}</span>
              </p>
              <p className="mt-1.5 text-sm text-slate-600 tabular-nums dark:text-slate-400">
                {isActive(item) ? importProgress(item) : <ImportCounts item={item} />}
              </p>
              {item.error && <p className="mt-1 text-xs text-red-700 dark:text-red-300">{item.error}</p>}
            </div>
            {item.skipped > 0 && !isActive(item) && (
              <Button
                variant="secondary"
                size="sm"
                disabled={skipped.isPending && skipped.variables.id === item.id}
                onClick={() => skipped.mutate(item)}
                aria-label={`Download the skipped list of ${item.fileName}`}
              >
                <DownloadIcon />
                Skipped list
              </Button>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
