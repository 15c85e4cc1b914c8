import yauzl from 'yauzl';
import { IMPORT_MAX_BYTES } from '../../../contracts/index.js';
import { FileDamaged, type FileSource } from './types.js';
import { SourceReader } from './zip-reader.js';

/** The ZIP signature: a local file header first (an empty archive starts with its end record). */
export const isZip = (head: Uint8Array) =>
  head[0] === 0x50 && head[1] === 0x4b && (head[2] === 0x03 || head[2] === 0x05) && head[3] === head[2] + 1;

/**
 * Bounds that keep a hostile archive (a ZIP bomb: a small file that inflates to gigabytes, or millions of
 * entries) from costing more than a real export does. Exports hold a few files of metadata and, at most,
 * one small file per saved page.
 */
export const ZIP_LIMITS = {
  entries: 200_000,
  /** What one entry may inflate to: the largest metadata file of a real export is a few MB. */
  entryBytes: 256 * 1024 * 1024,
  /**
   * What the entries read from one opening of an archive may inflate to together, else 200,000 entries each
   * within entryBytes (or all over the same compressed data) would have a reader inflate and parse some
   * 100 GB: archiveRatio times the archive's size (exports are text, which deflate shrinks 3 to 10 times,
   * and only their metadata files are read), at least archiveFloorBytes, at most archiveBytes (ten times the
   * largest upload). CSV parses at 5 to 15 MB/s, so a small bomb costs seconds, not minutes.
   */
  archiveRatio: 32,
  archiveFloorBytes: 64 * 1024 * 1024,
  archiveBytes: 10 * IMPORT_MAX_BYTES,
} as const;

export interface ZipEntryInfo {
  name: string;
  size: number;
}

export interface ZipArchive {
  /** Every entry's name and inflated size, from the archive's central directory. */
  readonly entries: readonly ZipEntryInfo[];
  /**
   * The entry's content, inflated as it streams; its declared size is enforced (yauzl), and so is what all
   * the entries read from this opening inflate to together (ZIP_LIMITS.archiveRatio and the bounds beside it).
   */
  read(name: string): AsyncIterable<Uint8Array>;
  close(): void;
}

/**
 * Opens the ZIP in `source` by its central directory (the authoritative list of entries, at the end of
 * the file), reading only the byte ranges it needs. yauzl checks each entry's inflated size against the
 * directory as it inflates, so an entry cannot expand beyond what was checked here.
 */
export async function openZip(source: FileSource): Promise<ZipArchive> {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.fromRandomAccessReaderPromise(new SourceReader(source), source.size, {
      lazyEntries: true,
      autoClose: false,
      validateEntrySizes: true,
      strictFileNames: false,
    });
  } catch (err) {
    throw new FileDamaged(`The ZIP file cannot be read: ${messageOf(err)}`);
  }
  const byName = new Map<string, yauzl.Entry>();
  const entries: ZipEntryInfo[] = [];
  try {
    for await (const entry of zip.eachEntry()) {
      if (entries.length >= ZIP_LIMITS.entries) {
        throw new FileDamaged(
          `The ZIP file holds more than ${ZIP_LIMITS.entries.toLocaleString('en-US')} files`,
        );
      }
      if (entry.fileName.endsWith('/')) continue;
      byName.set(entry.fileName, entry);
      entries.push({ name: entry.fileName, size: entry.uncompressedSize });
    }
  } catch (err) {
    zip.close();
    throw err instanceof FileDamaged
      ? err
      : new FileDamaged(`The ZIP file cannot be read: ${messageOf(err)}`);
  }
  const archiveBytes = Math.min(
    ZIP_LIMITS.archiveBytes,
    Math.max(ZIP_LIMITS.archiveFloorBytes, ZIP_LIMITS.archiveRatio * source.size),
  );
  let bytesLeft = archiveBytes;
  return {
    entries,
    async *read(name: string) {
      const entry = byName.get(name);
      if (!entry) throw new FileDamaged(`${name} is not in the ZIP file`);
      if (entry.uncompressedSize > ZIP_LIMITS.entryBytes) {
        throw new FileDamaged(
          `${name} expands to ${megabytes(entry.uncompressedSize)} MB, more than an export file can hold`,
        );
      }
      // Counted whole as the entry opens: yauzl holds it to the size the directory declares.
      if (entry.uncompressedSize > bytesLeft) {
        throw new FileDamaged(
          `The files read from the ZIP file expand to more than ${megabytes(archiveBytes)} MB, more than an export of this size holds: reading stopped at ${name}`,
        );
      }
      bytesLeft -= entry.uncompressedSize;
      if (entry.isEncrypted()) throw new FileDamaged(`${name} is encrypted`);
      try {
        const stream = await zip.openReadStreamPromise(entry);
        for await (const piece of stream) yield piece as Buffer;
      } catch (err) {
        throw new FileDamaged(`${name} cannot be read from the ZIP file: ${messageOf(err)}`);
      }
    },
    close: () => zip.close(),
  };
}

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));
const megabytes = (bytes: number) => Math.round(bytes / 1024 / 1024).toLocaleString('en-US');
