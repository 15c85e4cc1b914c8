import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type Import, downloads, routes } from '../../../contracts/index.js';
import { throttle } from '../lib/throttle';
import { api } from './client';
import { downloadFile } from './download';
import { libraryKeys } from './linkCache';

/**
 * Imports (API.md "Import and export"). The imports list is the one cache of imports: the upload's
 * answer, the cancel's answer and the `import` events (events.ts) all land in it.
 */

export const importKeys = { all: ['imports'] as const };

/** While an import runs, the list is also refetched this often, in case an event was lost on a reconnect. */
const ACTIVE_POLL_MS = 10_000;
/** An import sends an event every batch (250 entries); the library is refetched at most this often. */
const LIBRARY_REFRESH_MS = 3_000;

export const isActive = (item: Import) => item.status === 'queued' || item.status === 'running';

export function useImports() {
  return useQuery({
    queryKey: importKeys.all,
    queryFn: async () => (await api.call(routes.listImports)).items,
    refetchInterval: (query) => (query.state.data?.some(isActive) ? ACTIVE_POLL_MS : false),
  });
}

/**
 * Whether `next` is a later state of the import than `previous`. Events are read from the database as they
 * are delivered, so two of them can arrive out of order: an older copy must not take an ended import back
 * to running, nor its counts backwards.
 */
export function supersedes(previous: Import | undefined, next: Import): boolean {
  if (!previous) return true;
  if (!isActive(previous)) return !isActive(next);
  return !isActive(next) || next.processed >= previous.processed;
}

/** Puts a fresh copy of an import in the list (newest first), unless the list holds a later one. */
function placeImport(queryClient: QueryClient, item: Import): Import | undefined {
  const previous = queryClient.getQueryData<Import[]>(importKeys.all)?.find((other) => other.id === item.id);
  if (!supersedes(previous, item)) return previous;
  queryClient.setQueryData<Import[]>(importKeys.all, (items) => {
    if (!items) return items;
    return previous ? items.map((other) => (other.id === item.id ? item : other)) : [item, ...items];
  });
  return previous;
}

/**
 * Handles the `import` event (the Import after each batch): updates the list and, when links were written
 * or the import ended, refetches the library (links, folders, counts, snippets), throttled.
 */
export function importEventHandler(queryClient: QueryClient): { (item: Import): void; stop: () => void } {
  const refreshLibrary = throttle(
    () => void queryClient.invalidateQueries({ queryKey: libraryKeys.all }),
    LIBRARY_REFRESH_MS,
  );
  const handle = (item: Import) => {
    const previous = placeImport(queryClient, item);
    const wrote = item.created !== previous?.created || item.merged !== previous.merged;
    const ended = (!previous || isActive(previous)) && !isActive(item);
    if (wrote || ended) refreshLibrary();
  };
  handle.stop = refreshLibrary.cancel;
  return handle;
}

export interface ImportRequest {
  file: File;
  /** The folder to file everything in; null keeps the file's own folders. */
  folderId: string | null;
  enrich: boolean;
}

/** POST /api/imports: the file goes as multipart; the format is left for the server to recognise. */
export function useStartImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, folderId, enrich }: ImportRequest) => {
      const form = new FormData();
      if (folderId) form.append('folderId', folderId);
      if (!enrich) form.append('enrich', 'false');
      form.append('file', file, file.name);
      return api.call(routes.createImport, { body: form });
    },
    onSuccess: (item) => placeImport(queryClient, item),
  });
}

/** DELETE /api/imports/:id: the import stops; what it already imported stays. */
export function useCancelImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (item: Import) => api.call(routes.cancelImport, { params: { id: item.id } }),
    onSuccess: (item) => placeImport(queryClient, item),
  });
}

/** GET /api/imports/:id/skipped: the skipped entries and why, as a CSV download. */
export function useDownloadSkipped() {
  return useMutation({
    mutationFn: (item: Import) =>
      downloadFile(downloads.importSkipped, { params: { id: item.id } }, 'linkvault-import-skipped.csv'),
  });
}
