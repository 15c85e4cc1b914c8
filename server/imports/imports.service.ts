import type { Multipart } from '@fastify/multipart';
import {
  IMPORT_FORMAT_LABELS,
  IMPORT_MAX_BYTES,
  type Import,
  type ImportFormat,
  type ImportStatus,
  importFieldsSchema,
} from '../../contracts/index.js';
import { AppError, invalidInput, notFound } from '../http/errors.js';
import { csvRecord } from '../lib/csv.js';
import { newId } from '../lib/ids.js';
import { nowIso } from '../lib/clock.js';
import type { FoldersService } from '../library/folders.service.js';
import type { LibraryNotifier } from '../realtime/notifier.js';
import {
  FileDamaged,
  SUPPORTED_FORMATS_MESSAGE,
  UnsupportedFile,
  detectFormat,
  readerFor,
} from './formats/index.js';
import { readHead } from './formats/source.js';
import type { FileSource } from './formats/types.js';
import type { ImportFilesRepository } from './import-files.repository.js';
import { type ImportRow, type ImportsRepository, UPLOADING } from './imports.repository.js';

const LIST_LIMIT = 100;
/**
 * Imports one person may have under way at once: each holds up to 100 MB in the database until it ends, so
 * a script cannot fill the disk with queued uploads.
 */
export const MAX_ACTIVE_IMPORTS = 3;
const SKIPS_PAGE = 1000;

export const presentImport = (row: ImportRow): Import => ({
  id: row.id,
  status: row.status as ImportStatus,
  format: row.format as ImportFormat,
  fileName: row.file_name,
  total: row.total,
  processed: row.processed,
  created: row.created,
  merged: row.merged,
  skipped: row.skipped,
  error: row.error,
  createdAt: row.created_at,
  finishedAt: row.finished_at,
});

const unsupported = (message = SUPPORTED_FORMATS_MESSAGE) => new AppError(400, 'unsupported_format', message);

/** What a broken upload (not the database) did wrong, as API.md's error shape. */
function uploadError(err: unknown): AppError {
  const code = (err as { code?: string } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    return new AppError(
      413,
      'payload_too_large',
      `The file is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB`,
    );
  }
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new AppError(
      413,
      'payload_too_large',
      'Send one file, with at most the format, folderId and enrich fields',
    );
  }
  return new AppError(400, 'validation_failed', 'The upload is not a complete multipart form');
}

/**
 * The multipart form's parts, or a file's bytes: a failure of the upload itself (cut off, too large, too
 * many parts) becomes its 4xx. Only the upload's own failures: a database error while storing it stays a
 * 500, logged as one.
 */
async function* uploaded<T>(items: AsyncIterable<T>): AsyncIterable<T> {
  try {
    for await (const item of items) yield item;
  } catch (err) {
    throw uploadError(err);
  }
}

const tooManyImports = () =>
  new AppError(
    409,
    'conflict',
    `${MAX_ACTIVE_IMPORTS} imports are under way: wait for one to end, or cancel one, before starting another`,
  );

/** A file name as the browser sent it, without a path, control characters or unbounded length. */
function fileNameOf(raw: string | undefined): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- control characters are what this removes
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return clean.slice(0, 255) || 'upload';
}

/**
 * Imports (API.md "Import and export"): an upload is stored in the database and recognised by its content,
 * then queued for the ImportRunner; the caller gets 202 with the Import at once and follows it through
 * `import` events. Every import is its user's alone.
 */
export class ImportsService {
  constructor(
    private readonly imports: ImportsRepository,
    private readonly files: ImportFilesRepository,
    private readonly folders: FoldersService,
    private readonly notifier: LibraryNotifier,
    private readonly wakeRunner: () => void,
  ) {}

  async upload(userId: string, parts: AsyncIterableIterator<Multipart>): Promise<Import> {
    const fields: Record<string, string> = {};
    let stored: { id: string; name: string; size: number } | null = null;
    // Before a byte is stored: a person with imports enough under way is not made to upload 100 MB first.
    if ((await this.imports.countActive(userId)) >= MAX_ACTIVE_IMPORTS) throw tooManyImports();
    try {
      for await (const part of uploaded(parts)) {
        if (part.type === 'field') {
          fields[part.fieldname] = String(part.value);
        } else if (part.fieldname !== 'file' || stored) {
          part.file.resume();
          throw invalidInput('file', 'Send one file, in the "file" field');
        } else {
          stored = { id: newId(), name: fileNameOf(part.filename), size: 0 };
          const row = this.newRow(stored.id, userId, stored.name);
          // Counted again as it is added: uploads sent at once all passed the check above.
          if (!(await this.imports.insertWithinLimit(row, MAX_ACTIVE_IMPORTS))) {
            part.file.resume();
            throw tooManyImports();
          }
          stored.size = await this.files.write(stored.id, uploaded<Uint8Array>(part.file));
        }
      }
      if (!stored) throw invalidInput('file', 'Choose a file to import');
      if (stored.size === 0) throw invalidInput('file', 'The file is empty');
      const options = importFieldsSchema.safeParse(fields);
      if (!options.success) {
        const issue = options.error.issues[0];
        throw invalidInput(String(issue?.path[0] ?? 'fields'), issue?.message ?? 'Invalid fields');
      }
      const folderId = options.data.folderId
        ? (await this.folders.require(userId, options.data.folderId)).id
        : null;
      const format = await this.recognise(this.files.source(stored.id, stored.size), options.data.format);
      await this.imports.queue(
        stored.id,
        {
          format,
          file_size: stored.size,
          folder_id: folderId,
          enrich: options.data.enrich === 'false' ? 0 : 1,
        },
        nowIso(),
      );
    } catch (err) {
      if (stored) await this.imports.delete(stored.id);
      throw err;
    }
    this.wakeRunner();
    this.notifier.importChanged(userId, stored.id);
    return this.get(userId, stored.id);
  }

  /** The format the file is in: the one named, if the file is of it, else the one its content shows. */
  private async recognise(source: FileSource, named: ImportFormat | undefined): Promise<ImportFormat> {
    try {
      if (named) {
        if (await readerFor(named).detect(source, await readHead(source))) return named;
        throw unsupported(`This file is not a ${IMPORT_FORMAT_LABELS[named]}`);
      }
      const format = await detectFormat(source);
      if (!format) throw unsupported();
      return format;
    } catch (err) {
      if (err instanceof FileDamaged || err instanceof UnsupportedFile) throw unsupported(err.message);
      throw err;
    }
  }

  private newRow(id: string, userId: string, fileName: string): ImportRow {
    const now = nowIso();
    return {
      id,
      user_id: userId,
      status: UPLOADING,
      format: '',
      file_name: fileName,
      file_size: 0,
      folder_id: null,
      enrich: 1,
      total: null,
      processed: 0,
      created: 0,
      merged: 0,
      skipped: 0,
      cursor: 0,
      error: null,
      lease_until: null,
      created_at: now,
      updated_at: now,
      finished_at: null,
    };
  }

  async list(userId: string): Promise<Import[]> {
    return (await this.imports.list(userId, LIST_LIMIT)).map(presentImport);
  }

  async get(userId: string, id: string): Promise<Import> {
    return presentImport(await this.require(userId, id));
  }

  /** API.md: a queued or running import stops; what it already imported stays. */
  async cancel(userId: string, id: string): Promise<Import> {
    const row = await this.require(userId, id);
    if (await this.imports.finish(row.id, 'cancelled', null, nowIso()))
      this.notifier.importChanged(userId, row.id);
    return this.get(userId, id);
  }

  /** GET /api/imports/:id/skipped: each skipped entry with its position and reason, as CSV text. */
  async skippedCsv(userId: string, id: string): Promise<AsyncIterable<string>> {
    const row = await this.require(userId, id);
    const imports = this.imports;
    return (async function* () {
      yield csvRecord(['position', 'url', 'reason']);
      let after = -1;
      for (;;) {
        const page = await imports.skips(row.id, after, SKIPS_PAGE);
        if (page.length > 0)
          yield page.map((skip) => csvRecord([skip.position, skip.url, skip.reason])).join('');
        if (page.length < SKIPS_PAGE) return;
        after = page[page.length - 1]?.seq ?? after;
      }
    })();
  }

  private async require(userId: string, id: string): Promise<ImportRow> {
    const row = await this.imports.find(userId, id);
    if (!row) throw notFound('Import');
    return row;
  }
}
