import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { ImportFormat } from '../../contracts/index.js';
import { type Dialect, isForeignKeyViolation, isTransientDatabaseError } from '../db/database.js';
import { isoIn, nowIso } from '../lib/clock.js';
import type { SaveCounter } from '../library/links.service.js';
import type { LibraryNotifier } from '../realtime/notifier.js';
import { FileDamaged, type ImportItem, readerFor } from './formats/index.js';
import type { FileSource, FormatReader } from './formats/types.js';
import { ImportFileGone, type ImportFilesRepository } from './import-files.repository.js';
import type { ImportTarget, ImportWriter } from './import.writer.js';
import type { BatchCounts, ImportRow, ImportsRepository } from './imports.repository.js';

/**
 * Items written per transaction. A batch holds the SQLite connection while it writes (a few tens of ms),
 * so it stays small enough that requests queued behind it are barely delayed, and large enough that the
 * commits do not dominate a 50,000-link import (BENCHMARKS.md "Import and export").
 */
export const BATCH_ITEMS = 250;
/** A running import's lease; renewed by every batch and every few seconds of counting. */
const LEASE_SECONDS = 15;
const RENEW_EVERY_MS = 5_000;
/**
 * On SQLite every query completes synchronously, so an import would run from start to end without the
 * event loop turning, and every request would wait for it; the run yields this often.
 */
const YIELD_EVERY_MS = 10;
const IDLE_POLL_MS = 2_000;
/** New links after which PostgreSQL's statistics are refreshed (ImportsRepository.refreshStatistics). */
const ANALYZE_EVERY_LINKS = 10_000;
/** An upload that has not finished arriving after this long was abandoned (its process died). */
const STALE_UPLOAD_MS = 60 * 60 * 1000;

/** The import's items belong to another run now (cancelled, or taken over after this lease ran out). */
class NotOurs extends Error {}

/**
 * Runs imports (DESIGN.md "Imports"): claims a queued import (or one whose process died), counts its
 * entries, then reads the file again and writes it in batches, each in one transaction that also moves
 * the import's cursor. A restarted process resumes where the cursor stands; nothing is written twice. One
 * import at a time per process: an import is bound by the database, and enrichment runs beside it.
 */
export class ImportRunner {
  private running = false;
  /** Set by stop(): runs end after the batch in hand (runOnce, used without start(), runs to the end). */
  private stopping = false;
  private loop: Promise<void> | null = null;
  private wakeUp: (() => void) | null = null;

  constructor(
    private readonly imports: ImportsRepository,
    private readonly files: ImportFilesRepository,
    private readonly writer: ImportWriter,
    private readonly notifier: LibraryNotifier,
    private readonly log: FastifyBaseLogger,
    private readonly dialect: Dialect,
    /** Runners that tests build for themselves count nothing. */
    private readonly saves: SaveCounter = { linksSaved: () => undefined },
  ) {}

  async start(): Promise<void> {
    if (this.running) return;
    // SQLite serves one process (README), so an import marked running at start-up was this process's
    // before it died: resume it now rather than after its lease.
    if (this.dialect === 'sqlite') await this.imports.releaseAll(nowIso());
    await this.imports.deleteStaleUploads(new Date(Date.now() - STALE_UPLOAD_MS).toISOString());
    this.running = true;
    this.stopping = false;
    this.loop = this.runLoop();
  }

  wake(): void {
    this.wakeUp?.();
  }

  /** Stops after the batch in hand (committed or not, the cursor says where to go on). */
  async stop(): Promise<void> {
    this.running = false;
    this.stopping = true;
    this.wake();
    await this.loop;
  }

  /** Claims and runs one import to its end; false when none was waiting. */
  async runOnce(): Promise<boolean> {
    const row = await this.imports.claim(nowIso(), isoIn(LEASE_SECONDS));
    if (!row) return false;
    await this.run(row);
    return true;
  }

  private async runLoop(): Promise<void> {
    while (this.running) {
      let worked = false;
      try {
        worked = await this.runOnce();
      } catch (err) {
        this.log.error({ err }, 'import loop error');
      }
      if (!worked && this.running) await this.sleep(IDLE_POLL_MS);
    }
  }

  private async run(row: ImportRow): Promise<void> {
    const reader = readerFor(row.format as ImportFormat);
    const source = this.files.source(row.id, row.file_size);
    const run = new Run(row, this.imports, () => !this.stopping);
    try {
      run.folders = await this.writer.folderIndex(row.user_id);
      if (row.total === null) {
        await this.imports.setTotal(row.id, await this.count(reader, source, run));
        this.notifier.importChanged(row.user_id, row.id);
      }
      const damaged = await this.write(reader, source, run);
      if (run.unanalyzed > 0) await this.imports.refreshStatistics();
      if (await this.imports.finish(row.id, 'done', damaged, nowIso())) {
        this.notifier.importChanged(row.user_id, row.id);
      }
    } catch (err) {
      if (this.stopping) await this.imports.release(row.id, nowIso()).catch(() => undefined);
      else if (isTransientDatabaseError(err)) {
        // The import stays running; once its lease runs out, this process or another resumes it.
        this.log.warn({ err, importId: row.id }, 'import paused: the database is unavailable');
      } else if (!(err instanceof NotOurs || err instanceof ImportFileGone)) await this.fail(row, err);
    }
  }

  /** Entries in the file (folders are not entries); a damaged file counts up to the damage, and it. */
  private async count(reader: FormatReader, source: FileSource, run: Run): Promise<number> {
    let total = 0;
    try {
      for await (const item of reader.read(source)) {
        if (item.kind !== 'folder') total += 1;
        await run.pace();
      }
    } catch (err) {
      if (!(err instanceof FileDamaged)) throw err;
      total += 1;
    }
    return total;
  }

  /**
   * Writes the items after the cursor in batches. A damaged file ends with a skipped entry saying where
   * reading stopped (everything before it is imported); answers that message, or null.
   */
  private async write(reader: FormatReader, source: FileSource, run: Run): Promise<string | null> {
    let index = 0;
    let batch: ImportItem[] = [];
    let damage: string | null = null;
    try {
      for await (const item of reader.read(source)) {
        index += 1;
        await run.pace();
        if (index <= run.cursor) continue;
        batch.push(item);
        if (batch.length >= BATCH_ITEMS) {
          await this.commit(run, batch);
          batch = [];
          if (this.stopping) throw new NotOurs();
        }
      }
    } catch (err) {
      if (!(err instanceof FileDamaged)) throw err;
      damage = err.message;
      if (index + 1 > run.cursor) {
        batch.push({
          kind: 'skip',
          position: err.position ?? 'end of file',
          reason: `Reading stopped here: ${err.message}`,
        });
      }
    }
    if (batch.length > 0) await this.commit(run, batch);
    return damage;
  }

  /**
   * One transaction: the batch's links, folders, snippets and jobs, its skipped entries, and the import's
   * cursor and counts. If the batch fails, its items are written one by one, so that one entry the
   * database refuses is skipped alone ("could not be saved") instead of stopping the import; if even that
   * fails (the database is gone), the import stays running and resumes from its cursor.
   */
  private async commit(run: Run, batch: readonly ImportItem[], { retried = false } = {}): Promise<void> {
    const { row } = run;
    let result;
    try {
      result = await this.imports.inTransaction(async (trx) => {
        const now = nowIso();
        const written = await this.writer.write(trx, run.target, run.folders, batch, now);
        const moved = await this.imports.advance(
          trx,
          row.id,
          { from: run.cursor, to: run.cursor + batch.length },
          written.counts,
          isoIn(LEASE_SECONDS),
          now,
        );
        if (!moved) throw new NotOurs();
        await this.imports.addSkips(trx, row.id, run.skipped, written.skips);
        return written;
      });
    } catch (err) {
      if (err instanceof NotOurs || isTransientDatabaseError(err)) throw err;
      if (isForeignKeyViolation(err) && !retried) {
        // A folder this import files into was deleted meanwhile: read the folders again and retry.
        await run.reloadFolders(this.writer, this.imports);
        return this.commit(run, batch, { retried: true });
      }
      if (batch.length === 1) throw err;
      for (const item of batch) await this.commitAlone(run, item);
      return;
    }
    run.advanced(batch.length, result.counts);
    this.saves.linksSaved('import', result.counts.created);
    if (run.unanalyzed >= ANALYZE_EVERY_LINKS) {
      await this.imports.refreshStatistics();
      run.unanalyzed = 0;
    }
    for (const [name, id] of result.newFolders) run.folders.set(name, id);
    this.notifier.importChanged(row.user_id, row.id, { queued: result.queued > 0 });
  }

  /** One item in its own transaction; one the database refuses becomes a skipped entry (a folder, nothing). */
  private async commitAlone(run: Run, item: ImportItem): Promise<void> {
    try {
      await this.commit(run, [item]);
    } catch (err) {
      if (err instanceof NotOurs || isTransientDatabaseError(err)) throw err;
      this.log.warn({ err, importId: run.row.id }, 'import entry refused by the database');
      await this.commit(run, [refused(item)]);
    }
  }

  private async fail(row: ImportRow, err: unknown): Promise<void> {
    this.log.error({ err, importId: row.id }, 'import failed');
    try {
      const message = 'Something went wrong on our side while importing';
      if (await this.imports.finish(row.id, 'failed', message, nowIso())) {
        this.notifier.importChanged(row.user_id, row.id);
      }
    } catch (again) {
      // The database is gone: the import stays running, and is resumed once its lease runs out.
      this.log.warn({ err: again, importId: row.id }, 'import left to resume later');
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wakeUp = null;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wakeUp = done;
    });
  }
}

/** One run of an import: where its cursor stands, the user's folders by name, and its lease. */
class Run {
  target: ImportTarget;
  cursor: number;
  skipped: number;
  /** Links this run created since the planner's statistics were last refreshed. */
  unanalyzed = 0;
  folders = new Map<string, string>();
  private renewedAt = Date.now();
  private yieldedAt = Date.now();

  constructor(
    readonly row: ImportRow,
    private readonly imports: ImportsRepository,
    private readonly isRunning: () => boolean,
  ) {
    this.cursor = row.cursor;
    this.skipped = row.skipped;
    this.target = {
      userId: row.user_id,
      enrich: row.enrich === 1,
      fileFolders: row.folder_id === null,
      folderId: row.folder_id,
    };
  }

  async reloadFolders(writer: ImportWriter, imports: ImportsRepository): Promise<void> {
    this.folders = await writer.folderIndex(this.row.user_id);
    if (!this.target.fileFolders)
      this.target = { ...this.target, folderId: await imports.folderOf(this.row.id) };
  }

  advanced(items: number, counts: BatchCounts): void {
    this.cursor += items;
    this.skipped += counts.skipped;
    this.unanalyzed += counts.created;
    this.renewedAt = Date.now();
  }

  /**
   * Called for every item: lets the event loop turn every YIELD_EVERY_MS, and renews the lease every few
   * seconds of work without a commit; stops a cancelled or stopping run.
   */
  async pace(): Promise<void> {
    if (!this.isRunning()) throw new NotOurs();
    const now = Date.now();
    if (now - this.yieldedAt >= YIELD_EVERY_MS) {
      await nextTurn();
      this.yieldedAt = Date.now();
    }
    if (now - this.renewedAt < RENEW_EVERY_MS) return;
    if (!(await this.imports.renew(this.row.id, isoIn(LEASE_SECONDS)))) {
      throw new NotOurs();
    }
    this.renewedAt = Date.now();
  }
}

/** What stands in the file's place for an item the database refused: a skipped entry, or no folder. */
function refused(item: ImportItem): ImportItem {
  if (item.kind === 'folder') return { kind: 'folder', position: item.position, path: [] };
  const url = item.kind === 'link' ? item.url : item.kind === 'snippet' ? item.pageUrl : null;
  // The writer stores it cleaned (import.writer.ts skipRow), so this one cannot be refused in turn.
  return { kind: 'skip', position: item.position, url, reason: 'This entry could not be saved' };
}
