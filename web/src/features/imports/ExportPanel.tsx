import { useState } from 'react';
import { EXPORT_FORMATS } from '../../../../contracts/import-formats.js';
import type { ExportFormat } from '../../../../contracts/index.js';
import { useDownloadExport } from '../../api/exports';
import { useFolders } from '../../api/library';
import { Alert, Button } from '../../../../ui/components/controls';
import { DownloadIcon } from '../../../../ui/components/icons';
import { FolderSelect } from '../../../../ui/components/FolderSelect';

const EXPORTS: Record<ExportFormat, { name: string; use: string }> = {
  json: {
    name: 'JSON',
    use: 'Everything: folders, links with their summaries and tags, and snippets. To move to another Linkvault.',
  },
  html: {
    name: 'HTML',
    use: 'A bookmark file with folders, tags and dates, for browsers and other bookmark tools.',
  },
  csv: { name: 'CSV', use: 'One link per row, for spreadsheets.' },
  markdown: {
    name: 'Markdown',
    use: 'A ZIP of notes, one per link with its snippets, for Obsidian and other note apps.',
  },
};

/** One download per export format (API.md "Import and export"), of the whole library or one folder. */
export function ExportPanel() {
  const folders = useFolders();
  const [folderId, setFolderId] = useState<string | null>(null);
  const download = useDownloadExport();

  return (
    <div className="space-y-4">
      <div className="sm:max-w-xs">
        <FolderSelect
          noFolder="All folders"
          folders={folders.data ?? []}
          value={folderId}
          onChange={setFolderId}
        />
      </div>
      {download.error && <Alert>{`The export failed: ${download.error.message}`}</Alert>}
      <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
        {EXPORT_FORMATS.map((format) => {
          const busy = download.isPending && download.variables.format === format;
          return (
            <li key={format} className="flex flex-wrap items-center gap-x-4 gap-y-3 p-4">
              <div className="min-w-0 flex-1 basis-64">
                <p className="font-medium text-slate-900 dark:text-white">{EXPORTS[format].name}</p>
                <p className="mt-0.5 text-sm text-slate-500 dark:text-slate-400">{EXPORTS[format].use}</p>
              </div>
              <Button
                variant="secondary"
                size="sm"
                className="shrink-0"
                disabled={busy}
                onClick={() => download.mutate({ format, folderId })}
              >
                <DownloadIcon />
                {busy ? 'Preparing…' : 'Download'}
                <span className="sr-only">{` ${EXPORTS[format].name}`}</span>
              </Button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
