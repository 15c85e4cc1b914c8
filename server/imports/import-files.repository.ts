import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import type { FileSource } from './formats/types.js';

/**
 * Every piece but the last holds exactly this many bytes, so a byte offset names its piece. Big enough that
 * a 100 MB file is 100 rows, small enough that reading one costs little memory and holds the (SQLite)
 * connection only briefly.
 */
export const PIECE_BYTES = 1024 * 1024;

/** The import ended (cancelled) while its file was being read: its pieces were deleted with it. */
export class ImportFileGone extends Error {}

/**
 * The uploaded file of an import, kept in the database until the import ends (DESIGN.md "Imports"): any
 * process can resume the import after a restart, on SQLite as on a PostgreSQL cluster, and the file is
 * never in one process's memory whole.
 */
export class ImportFilesRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** Stores `stream` as pieces of PIECE_BYTES; answers its size. Throws what the stream throws (too large). */
  async write(importId: string, stream: AsyncIterable<Uint8Array>): Promise<number> {
    let size = 0;
    let seq = 0;
    let pending: Uint8Array[] = [];
    let pendingBytes = 0;
    const flush = async (bytes: number) => {
      const all = Buffer.concat(pending, pendingBytes);
      await this.db
        .insertInto('import_chunks')
        .values({ import_id: importId, seq, data: all.subarray(0, bytes) })
        .execute();
      seq += 1;
      pending = [all.subarray(bytes)];
      pendingBytes -= bytes;
    };
    for await (const piece of stream) {
      pending.push(piece);
      pendingBytes += piece.byteLength;
      size += piece.byteLength;
      while (pendingBytes >= PIECE_BYTES) await flush(PIECE_BYTES);
    }
    if (pendingBytes > 0) await flush(pendingBytes);
    return size;
  }

  /**
   * The stored file as a FileSource: each range is read piece by piece, one row in memory at a time. The
   * last piece read is kept: a ZIP's directory is read in many small ranges within one piece.
   */
  source(importId: string, size: number): FileSource {
    const db = this.db;
    let last: { seq: number; data: Uint8Array } | null = null;
    const piece = async (seq: number): Promise<Uint8Array> => {
      if (last?.seq === seq) return last.data;
      const row = await db
        .selectFrom('import_chunks')
        .select('data')
        .where('import_id', '=', importId)
        .where('seq', '=', seq)
        .executeTakeFirst();
      if (!row) throw new ImportFileGone();
      last = { seq, data: row.data };
      return row.data;
    };
    return {
      size,
      async *bytes({ start = 0, end = size } = {}) {
        for (let seq = Math.floor(start / PIECE_BYTES); seq * PIECE_BYTES < end; seq += 1) {
          const data = await piece(seq);
          const offset = seq * PIECE_BYTES;
          yield data.subarray(Math.max(0, start - offset), Math.min(data.byteLength, end - offset));
        }
      },
    };
  }
}
