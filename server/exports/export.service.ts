import { Readable } from 'node:stream';
import type { ExportFormat, ExportQuery } from '../../contracts/index.js';
import { notFound } from '../http/errors.js';
import { writeCsv } from './csv.js';
import type { ExportLibrary } from './export-library.js';
import type { ExportsRepository } from './exports.repository.js';
import { writeLinkvaultJson } from './json.js';
import { writeMarkdownZip } from './markdown.js';
import { writeNetscapeHtml } from './netscape-html.js';

/** What the stream reads ahead of the client. */
const BUFFER_BYTES = 64 * 1024;
/** Two bytes a character at most in V8's strings: 32 KB, well below its 128 KB large objects. */
const CHUNK_CHARS = 16 * 1024;

type Writer = (library: ExportLibrary, now: Date) => AsyncIterable<string | Buffer>;

const WRITERS: Record<ExportFormat, Writer> = {
  json: writeLinkvaultJson,
  html: writeNetscapeHtml,
  csv: writeCsv,
  markdown: writeMarkdownZip,
};

/** API.md "Import and export": a user's library, or one of their folders, in each export format. */
export class ExportService {
  constructor(private readonly repository: ExportsRepository) {}

  /**
   * The export as a stream that reads the library from the database as the client takes the bytes (a
   * Readable honours backpressure: it reads no further than a page ahead of what has gone out). Whether the
   * folder is the caller's is settled first, so a stranger's folder is a 404, not a broken download.
   */
  async open(userId: string, { format, folderId }: ExportQuery, now = new Date()): Promise<Readable> {
    const folders = await this.repository.folderList(userId, folderId);
    if (folderId !== undefined && folders.length === 0) throw notFound('Folder');
    const repository = this.repository;
    const library: ExportLibrary = {
      folders,
      wholeLibrary: folderId === undefined,
      links: (folder, options) =>
        repository.linkPages(userId, folder === undefined ? folderId : folder, options),
      // A folder's export holds that folder alone: no snippets of pages outside it.
      unattachedSnippets: () => (folderId === undefined ? repository.unattachedSnippetPages(userId) : []),
    };
    // Readable.from buffers one chunk by default: a little more lets the next page be read from the
    // database while the last is still going out.
    return Readable.from(inChunks(WRITERS[format](library, now)), {
      objectMode: false,
      highWaterMark: BUFFER_BYTES,
    });
  }
}

/**
 * The writers' pieces (a link, a row) joined into chunks of about CHUNK_CHARS: one write to the socket for
 * many pieces, and strings that stay below V8's large-object size (128 KB). Larger strings go straight to
 * the old generation, where a page-sized string a page piled up as garbage until a full collection: 150 MB
 * of a 100,000-link export's RSS.
 */
async function* inChunks(pieces: AsyncIterable<string | Buffer>): AsyncGenerator<string | Buffer> {
  let text: string[] = [];
  let length = 0;
  for await (const piece of pieces) {
    if (typeof piece !== 'string') {
      if (length > 0) yield text.join('');
      text = [];
      length = 0;
      yield piece;
      continue;
    }
    text.push(piece);
    length += piece.length;
    if (length >= CHUNK_CHARS) {
      yield text.join('');
      text = [];
      length = 0;
    }
  }
  if (length > 0) yield text.join('');
}
