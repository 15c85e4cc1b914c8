import { crc32, deflateRawSync } from 'node:zlib';
import { ByteBlocks } from './byte-blocks.js';

/** ZIP's classic records count entries in 16 bits and place everything at 32-bit offsets (APPNOTE 4.4). */
const MAX_CLASSIC_ENTRIES = 0xffff;
const MAX_OFFSET = 0xffffffff;
const VERSION = 20; // 2.0: deflate
const ZIP64_VERSION = 45;
const UTF8_NAMES = 1 << 11;
const DEFLATE = 8;
const MADE_ON_UNIX = 3 << 8;
const REGULAR_FILE = 0o100644;

/**
 * A ZIP archive written as it is read (APPNOTE.TXT): each file is compressed by Node's zlib when added, and
 * its bytes wait in take() until the reader collects them. All the archive keeps is its central directory,
 * about a hundred bytes a file, which ZIP puts at the end.
 *
 * Not fflate's streaming Zip with ZipDeflate, measured on 100,000 notes: ZipDeflate allocates a 96 KB window
 * and hash tables for every file (about 300 µs a note, against 40 µs with zlib), and Zip keeps about 1.4 KB
 * of objects a file until the end (140 MB of the server's memory for the central directory of 100,000
 * notes).
 */
export class ZipWriter {
  private readonly output = new ByteBlocks();
  private readonly directory = new ByteBlocks();
  private entries = 0;
  private readonly time: number;
  private readonly date: number;

  /** `modified`: the time every file is dated (DOS dates are local time, to the even second). */
  constructor(modified = new Date()) {
    this.time = (modified.getHours() << 11) | (modified.getMinutes() << 5) | (modified.getSeconds() >> 1);
    this.date =
      ((modified.getFullYear() - 1980) << 9) | ((modified.getMonth() + 1) << 5) | modified.getDate();
  }

  add(name: string, text: string): void {
    const data = Buffer.from(text);
    const compressed = deflateRawSync(data);
    const nameLength = Buffer.byteLength(name);
    const fields = { crc: crc32(data), compressed: compressed.length, size: data.length, nameLength };
    const offset = this.output.length;
    const local = this.output.reserve(30 + nameLength);
    local.block.writeUInt32LE(0x04034b50, local.at);
    this.writeFileFields(local.block, local.at + 4, fields);
    local.block.write(name, local.at + 30);
    this.output.append(compressed);
    const central = this.directory.reserve(46 + nameLength);
    central.block.writeUInt32LE(0x02014b50, central.at);
    // Made on Unix, a regular file readable by all: unzip would otherwise take the names for MS-DOS code
    // page 437 (whatever the UTF-8 flag says) and garble every accent.
    central.block.writeUInt16LE(MADE_ON_UNIX | VERSION, central.at + 4);
    this.writeFileFields(central.block, central.at + 6, fields);
    central.block.fill(0, central.at + 30, central.at + 38); // comment length, disk, internal attributes
    central.block.writeUInt32LE(REGULAR_FILE * 0x10000, central.at + 38);
    central.block.writeUInt32LE(offset, central.at + 42);
    central.block.write(name, central.at + 46);
    this.entries += 1;
    this.checkSize();
  }

  /** The archive's bytes made since the last call. */
  take(): Buffer[] {
    return this.output.drain();
  }

  /** Adds the central directory and the end records; take() then gives the last bytes. */
  end(): void {
    const directoryOffset = this.output.length;
    const directorySize = this.directory.length;
    for (const block of this.directory.drain()) this.output.append(block);
    this.output.append(endRecords(this.entries, directorySize, directoryOffset));
    this.checkSize();
  }

  /** What local and central headers share, from "version needed" to the extra field's length. */
  private writeFileFields(
    header: Buffer,
    at: number,
    fields: { crc: number; compressed: number; size: number; nameLength: number },
  ): void {
    header.writeUInt16LE(VERSION, at);
    header.writeUInt16LE(UTF8_NAMES, at + 2);
    header.writeUInt16LE(DEFLATE, at + 4);
    header.writeUInt16LE(this.time, at + 6);
    header.writeUInt16LE(this.date, at + 8);
    header.writeUInt32LE(fields.crc, at + 10);
    header.writeUInt32LE(fields.compressed, at + 14);
    header.writeUInt32LE(fields.size, at + 18);
    header.writeUInt16LE(fields.nameLength, at + 22);
    header.writeUInt16LE(0, at + 24); // no extra field
  }

  /** Offsets are written in 32 bits: past 4 GB the archive would be corrupt, so it stops instead. */
  private checkSize(): void {
    if (this.output.length > MAX_OFFSET) {
      throw new Error('The archive is larger than 4 GB, which this writer cannot make');
    }
  }
}

/**
 * The end of central directory record; with more than 65,535 files, the ZIP64 end record and its locator
 * before it, and the classic record's counts at 0xFFFF, which tells readers to look there (APPNOTE 4.3.14
 * to 4.3.16). Without them the count would be kept modulo 65,536, and readers that trust it would see
 * only some of the files.
 */
function endRecords(entries: number, directorySize: number, directoryOffset: number): Buffer {
  const classic = Buffer.alloc(22);
  classic.writeUInt32LE(0x06054b50, 0);
  classic.writeUInt16LE(Math.min(entries, MAX_CLASSIC_ENTRIES), 8); // on this disk (the only one)
  classic.writeUInt16LE(Math.min(entries, MAX_CLASSIC_ENTRIES), 10);
  classic.writeUInt32LE(directorySize, 12);
  classic.writeUInt32LE(directoryOffset, 16);
  if (entries <= MAX_CLASSIC_ENTRIES) return classic;
  const zip64 = Buffer.alloc(56 + 20);
  zip64.writeUInt32LE(0x06064b50, 0);
  zip64.writeBigUInt64LE(44n, 4); // the record's size after this field
  zip64.writeUInt16LE(ZIP64_VERSION, 12); // made by
  zip64.writeUInt16LE(ZIP64_VERSION, 14); // needed to extract
  zip64.writeBigUInt64LE(BigInt(entries), 24); // on this disk
  zip64.writeBigUInt64LE(BigInt(entries), 32);
  zip64.writeBigUInt64LE(BigInt(directorySize), 40);
  zip64.writeBigUInt64LE(BigInt(directoryOffset), 48);
  // The locator: where the ZIP64 record starts, right after the central directory.
  zip64.writeUInt32LE(0x07064b50, 56);
  zip64.writeBigUInt64LE(BigInt(directoryOffset + directorySize), 64);
  zip64.writeUInt32LE(1, 72); // disks in all
  return Buffer.concat([zip64, classic]);
}
