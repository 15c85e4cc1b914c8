import type { CallInput, Route } from '../../../contracts/index.js';
import { api } from './client';

/**
 * Saves a file the API answers with (an export, an import's skipped entries) to the person's downloads.
 * The access token lives only in memory (client.ts) and the data routes do not take the refresh cookie
 * (a cookie would let other sites' links act as the person), so a plain <a href> to the API could not
 * authenticate; a token in the URL would end up in logs and history. The file is fetched with the token instead, held as a Blob (a library export is tens of
 * MB at most) and handed to the browser through a temporary object URL, named as the server named it.
 */
export async function downloadFile<R extends Route>(
  route: R,
  input: CallInput<R>,
  fallbackName: string,
): Promise<void> {
  const { blob, fileName } = await api.download(route, input);
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName ?? fallbackName;
  anchor.click();
  // The download starts from the click; some browsers still read the URL a moment later.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
