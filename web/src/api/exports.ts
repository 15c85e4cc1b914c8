import { useMutation } from '@tanstack/react-query';
import { EXPORT_EXTENSIONS } from '../../../contracts/import-formats.js';
import { type ExportFormat, downloads } from '../../../contracts/index.js';
import { downloadFile } from './download';

/**
 * GET /api/export (API.md "Import and export") as a download named by the server
 * (`linkvault-YYYY-MM-DD.<ext>`), of the whole library or one folder; `variables` says which is under way.
 */
export function useDownloadExport() {
  return useMutation({
    mutationFn: ({ format, folderId }: { format: ExportFormat; folderId: string | null }) => {
      const query = { format, ...(folderId && { folderId }) };
      return downloadFile(downloads.exportLibrary, { query }, `linkvault.${EXPORT_EXTENSIONS[format]}`);
    },
  });
}
