import { Readable } from 'node:stream';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { ZipWriter } from './zip-writer.js';

/** The names and texts of a ZIP as yauzl (a reader independent of fflate) reads them. */
async function readWithYauzl(zip: Buffer): Promise<Record<string, string>> {
  const archive = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(zip, { lazyEntries: true }, (err, file) => (err ? reject(err) : resolve(file))),
  );
  const files: Record<string, string> = {};
  await new Promise<void>((resolve, reject) => {
    archive.on('entry', (entry: yauzl.Entry) => {
      archive.openReadStream(entry, (err, stream) => {
        if (err) return reject(err);
        void (async () => {
          const chunks: Buffer[] = [];
          for await (const chunk of Readable.from(stream)) chunks.push(chunk as Buffer);
          files[entry.fileName] = Buffer.concat(chunks).toString('utf8');
          archive.readEntry();
        })().catch(reject);
      });
    });
    archive.on('end', resolve);
    archive.on('error', reject);
    archive.readEntry();
  });
  return files;
}

const archiveOf = (files: Record<string, string>) => {
  const zip = new ZipWriter(new Date(2024, 4, 17, 13, 45, 30));
  const chunks: Buffer[] = [];
  for (const [name, text] of Object.entries(files)) {
    zip.add(name, text);
    chunks.push(...zip.take());
  }
  zip.end();
  chunks.push(...zip.take());
  return Buffer.concat(chunks);
};

const texts = (files: Record<string, Uint8Array>) =>
  Object.fromEntries(Object.entries(files).map(([name, bytes]) => [name, strFromU8(bytes)]));

describe('ZipWriter', () => {
  it('streams an archive that fflate and yauzl both read, names in UTF-8, contents deflated', async () => {
    const files = {
      'Folder/é note 🦊.md': '# Héllo 🦊\n',
      'Folder/index.md': 'x'.repeat(100_000),
      'empty.md': '',
    };
    const archive = archiveOf(files);
    expect(texts(unzipSync(archive))).toEqual(files);
    expect(await readWithYauzl(archive)).toEqual(files);
    expect(archive.length).toBeLessThan(2000);
  });

  it('dates every file with the time given (DOS time, to the even second)', async () => {
    const archive = archiveOf({ 'a.md': 'a' });
    const archiveFile = await new Promise<yauzl.ZipFile>((resolve, reject) =>
      yauzl.fromBuffer(archive, { lazyEntries: true }, (err, file) => (err ? reject(err) : resolve(file))),
    );
    const entry = await new Promise<yauzl.Entry>((resolve) => {
      archiveFile.once('entry', resolve);
      archiveFile.readEntry();
    });
    expect(entry.getLastModDate().toISOString()).toBe(new Date(2024, 4, 17, 13, 45, 30).toISOString());
    archiveFile.close();
  });

  it('hands out the bytes made so far, and nothing twice', () => {
    const zip = new ZipWriter();
    zip.add('a.md', 'a');
    expect(Buffer.concat(zip.take()).length).toBeGreaterThan(0);
    expect(zip.take()).toEqual([]);
  });

  it('past 65,535 files writes the ZIP64 end records, and both readers find every file', async () => {
    const count = 65_540;
    const zip = new ZipWriter();
    const chunks: Buffer[] = [];
    for (let i = 0; i < count; i += 1) {
      zip.add(`notes/${i}.md`, `note ${i}`);
      if (i % 1000 === 0) chunks.push(...zip.take());
    }
    zip.end();
    chunks.push(...zip.take());
    const archive = Buffer.concat(chunks);
    // The classic record's counts say "see the ZIP64 record" (0xFFFF), which holds the real count.
    expect(archive.readUInt16LE(archive.length - 22 + 10)).toBe(0xffff);
    const zip64 = archive.length - 22 - 20 - 56;
    expect(archive.readUInt32LE(zip64)).toBe(0x06064b50);
    expect(archive.readBigUInt64LE(zip64 + 32)).toBe(BigInt(count));
    const read = unzipSync(archive);
    expect(Object.keys(read)).toHaveLength(count);
    expect(strFromU8(read[`notes/${count - 1}.md`] ?? new Uint8Array())).toBe(`note ${count - 1}`);
    const archiveFile = await new Promise<yauzl.ZipFile>((resolve, reject) =>
      yauzl.fromBuffer(archive, { lazyEntries: true }, (err, file) => (err ? reject(err) : resolve(file))),
    );
    expect(archiveFile.entryCount).toBe(count);
    archiveFile.close();
  }, 30_000);
});
