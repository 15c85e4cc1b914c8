import { Readable } from 'node:stream';
import yauzl from 'yauzl';
import type { FileSource } from './types.js';

/**
 * yauzl reads a ZIP's end record, then its central directory in two small reads an entry, then a local header
 * before each entry's data. A read of a source may cost far more than its bytes (the database-backed source
 * loads a 1 MB row for any read), so reads that fit in a window are served from windows of WINDOW_BYTES read
 * ahead: a directory read from start to end crosses a few windows, not thousands of reads.
 */
const WINDOW_BYTES = 1024 * 1024;
/** The end record's window, the directory's, and the entries' being read: memory stays at a few MB a file. */
const WINDOWS_KEPT = 4;

/** The windows of one file, most recently used first. */
class Windows {
  private readonly kept: { start: number; end: number; bytes: Promise<Buffer> }[] = [];

  constructor(private readonly source: FileSource) {}

  /** Bytes `start` to `end` (at most WINDOW_BYTES), shorter where the file ends. */
  async read(start: number, end: number): Promise<Buffer> {
    let index = this.kept.findIndex((window) => window.start <= start && end <= window.end);
    if (index < 0) {
      const windowEnd = Math.min(this.source.size, start + WINDOW_BYTES);
      this.kept.unshift({
        start,
        end: windowEnd,
        bytes: collect(this.source.bytes({ start, end: windowEnd })),
      });
      this.kept.length = Math.min(this.kept.length, WINDOWS_KEPT);
      index = 0;
    }
    const [window] = this.kept.splice(index, 1);
    this.kept.unshift(window!);
    try {
      return (await window!.bytes).subarray(start - window!.start, end - window!.start);
    } catch (err) {
      // Read again next time rather than fail forever.
      const failed = this.kept.indexOf(window!);
      if (failed >= 0) this.kept.splice(failed, 1);
      throw err;
    }
  }
}

async function collect(bytes: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const pieces: Uint8Array[] = [];
  for await (const piece of bytes) pieces.push(piece);
  return Buffer.concat(pieces);
}

/**
 * Per file, not per opening: recognising a file opens it once for each ZIP format, and the second opening
 * finds the end record and the directory in memory.
 */
const windowsOfSource = new WeakMap<FileSource, Windows>();

/** yauzl's random access, served by the source's ranged reads. */
export class SourceReader extends yauzl.RandomAccessReader {
  private readonly windows: Windows;

  constructor(private readonly source: FileSource) {
    super();
    let windows = windowsOfSource.get(source);
    if (!windows) {
      windows = new Windows(source);
      windowsOfSource.set(source, windows);
    }
    this.windows = windows;
  }

  override read(
    buffer: Buffer,
    offset: number,
    length: number,
    position: number,
    callback: (err: Error | null, bytesRead?: number) => void,
  ): void {
    if (length > WINDOW_BYTES) {
      super.read(buffer, offset, length, position, callback);
      return;
    }
    this.windows.read(position, position + length).then(
      (bytes) => callback(null, bytes.copy(buffer, offset)),
      (err: Error) => callback(err),
    );
  }

  override _readStreamForRange(start: number, end: number): Readable {
    if (end - start > WINDOW_BYTES)
      return Readable.from(this.source.bytes({ start, end }), { objectMode: false });
    return Readable.from(windowPieces(this.windows, start, end), { objectMode: false });
  }
}

async function* windowPieces(windows: Windows, start: number, end: number): AsyncGenerator<Buffer> {
  yield await windows.read(start, end);
}
