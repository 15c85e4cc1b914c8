import { useEffect, useId, useState } from 'react';
import { IMPORT_FORMAT_LABELS, IMPORT_MAX_BYTES } from '../../../../contracts/import-formats.js';
import type { Import, ImportFormat } from '../../../../contracts/index.js';
import { ApiError } from '../../api/client';
import { useStartImport } from '../../api/imports';
import { useFolders } from '../../api/library';
import { Alert, Button } from '../../../../ui/components/controls';
import { formatBytes } from '../../../../ui/lib/format';
import { AlertIcon, CheckIcon } from '../../../../ui/components/icons';
import { FolderSelect } from '../../../../ui/components/FolderSelect';
import { FileName, FileTile } from './FileTile';
import { splitFormatList } from './importText';
import { sniffFormat } from './sniffFormat';

/**
 * A chosen file before it is sent: its name, size and the format Linkvault sees in it, where to file its
 * links and whether to enrich them. Nothing is uploaded until Start import.
 */
export function ImportSetup({
  file,
  onDiscard,
  onStarted,
}: {
  file: File;
  onDiscard: () => void;
  onStarted: (started: Import) => void;
}) {
  const format = useSniffedFormat(file);
  const folders = useFolders();
  const start = useStartImport();
  const [folderId, setFolderId] = useState<string | null>(null);
  const [enrich, setEnrich] = useState(true);
  const enrichHintId = useId();
  const tooLarge = file.size > IMPORT_MAX_BYTES;

  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
      <div className="flex items-start gap-3">
        <FileTile />
        <div className="min-w-0 flex-1">
          <FileName name={file.name} />
          <p className="text-sm text-slate-500 dark:text-slate-400">{formatBytes(file.size)}</p>
          <FormatLine format={format} />
        </div>
      </div>

      {tooLarge && (
        <div className="mt-4">
          <Alert>
            This file is larger than {formatBytes(IMPORT_MAX_BYTES)}, the most Linkvault imports at once.
          </Alert>
        </div>
      )}

      <div className="mt-5 grid gap-5 sm:grid-cols-2">
        <FolderSelect
          label="File everything in"
          noFolder="Keep the file’s folders"
          folders={folders.data ?? []}
          value={folderId}
          onChange={setFolderId}
        />
        <label className="flex items-start gap-3 sm:pt-7">
          <input
            type="checkbox"
            checked={enrich}
            onChange={(event) => setEnrich(event.target.checked)}
            aria-describedby={enrichHintId}
            className="mt-0.5 size-4 shrink-0 accent-brand-600"
          />
          <span>
            <span className="block text-sm font-medium text-slate-700 dark:text-slate-300">
              Enrich imported links
            </span>
            <span
              id={enrichHintId}
              className="mt-0.5 block text-xs leading-5 text-slate-500 dark:text-slate-400"
            >
              Fetch each page for its summary, key points and tags, in the background.
            </span>
          </span>
        </label>
      </div>

      {start.error && (
        <div className="mt-5">
          <StartError error={start.error} />
        </div>
      )}

      <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:flex-wrap sm:justify-end">
        <Button variant="secondary" onClick={onDiscard} disabled={start.isPending}>
          Choose another file
        </Button>
        <Button
          disabled={tooLarge || start.isPending}
          onClick={() => start.mutate({ file, folderId, enrich }, { onSuccess: onStarted })}
        >
          {start.isPending ? 'Uploading…' : 'Start import'}
        </Button>
      </div>
    </div>
  );
}

/** The sniffed format: undefined while the file is being read, null when nothing was recognised. */
function useSniffedFormat(file: File): ImportFormat | null | undefined {
  const [sniffed, setSniffed] = useState<{ file: File; format: ImportFormat | null } | null>(null);
  useEffect(() => {
    let current = true;
    void sniffFormat(file)
      .catch(() => null)
      .then((format) => {
        if (current) setSniffed({ file, format });
      });
    return () => {
      current = false;
    };
  }, [file]);
  return sniffed?.file === file ? sniffed.format : undefined;
}

function FormatLine({ format }: { format: ImportFormat | null | undefined }) {
  if (format === undefined) {
    return <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">Looking at the file…</p>;
  }
  if (format === null) {
    return (
      <p className="mt-1 flex gap-1.5 text-sm text-amber-700 dark:text-amber-300">
        <AlertIcon className="mt-0.5 size-4" />
        <span>Not a format Linkvault recognises at a glance. It reads the whole file when you start.</span>
      </p>
    );
  }
  return (
    <p className="mt-1 flex gap-1.5 text-sm text-slate-700 dark:text-slate-300">
      <CheckIcon className="mt-0.5 size-4 text-emerald-600 dark:text-emerald-400" />
      <span>
        <span className="sr-only">Recognised as </span>
        {IMPORT_FORMAT_LABELS[format]}
      </span>
    </p>
  );
}

/** Why the upload was refused; a file in no known format gets the formats Linkvault reads, as a list. */
function StartError({ error }: { error: Error }) {
  if (!(error instanceof ApiError) || error.code !== 'unsupported_format') {
    return <Alert>{error.message || 'The import could not start. Please try again.'}</Alert>;
  }
  const { lead, formats } = splitFormatList(error.message);
  return (
    <Alert>
      <p className="font-medium">{lead}</p>
      {formats.length > 0 && (
        <>
          <p className="mt-2">It reads:</p>
          <ul className="mt-1 list-disc space-y-0.5 pl-5 sm:columns-2 sm:gap-8">
            {formats.map((format) => (
              <li key={format}>{format}</li>
            ))}
          </ul>
        </>
      )}
    </Alert>
  );
}
