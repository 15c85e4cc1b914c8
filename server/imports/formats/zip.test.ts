import { randomBytes } from 'node:crypto';
import { strToU8, zipSync, type Zippable } from 'fflate';
import { describe, expect, it } from 'vitest';
import { countingSource, linksOf, readAll, zipOfZeros } from './fixtures/helpers.js';
import { detectFormat } from './index.js';
import { pocketCsv } from './pocket-csv.js';
import { bufferSource } from './source.js';
import { FileDamaged } from './types.js';
import { openZip, ZIP_LIMITS } from './zip.js';

const MB = 1024 * 1024;

describe('what one opening of a ZIP file may inflate', () => {
  const names = Array.from({ length: 20 }, (_, n) => `part_${String(n).padStart(6, '0')}.csv`);

  it.each([
    ['a small archive: the floor', 0, 1],
    ['a larger one: 32 times its size', 4 * MB, 2],
    ['past 31 MB: the ceiling', 40 * MB, 15],
  ])(
    '%s; each entry within entryBytes is counted whole as it opens, and refused before it inflates',
    async (_, padding, opens) => {
      const file = await zipOfZeros(names, 64 * MB, randomBytes(padding));
      const budget = Math.min(
        ZIP_LIMITS.archiveBytes,
        Math.max(ZIP_LIMITS.archiveFloorBytes, ZIP_LIMITS.archiveRatio * file.length),
      );
      const zip = await openZip(bufferSource(file));
      const opened: string[] = [];
      const started = performance.now();
      const error = await (async () => {
        for (const name of names) {
          // The first piece of each entry only: the bound counts an entry whole as it opens.
          for await (const piece of zip.read(name)) {
            expect(piece.length).toBeGreaterThan(0);
            break;
          }
          opened.push(name);
        }
      })().catch((err: unknown) => err);
      zip.close();
      console.log(
        `${Math.round(file.length / MB)} MB archive of 64 MB entries: stopped at entry ${opened.length + 1} in ${Math.round(performance.now() - started)} ms`,
      );
      expect(opened).toHaveLength(opens);
      expect(opens).toBe(Math.floor(budget / (64 * MB)));
      expect(error).toBeInstanceOf(FileDamaged);
      expect((error as Error).message).toBe(
        `The files read from the ZIP file expand to more than ${Math.round(budget / MB).toLocaleString('en-US')} MB, more than an export of this size holds: reading stopped at ${names[opens]}`,
      );
    },
  );

  it('counts each opening apart: a second reading of the file has the whole bound again', async () => {
    const source = bufferSource(await zipOfZeros(['part_000000.csv'], 48 * MB));
    for (let reading = 0; reading < 3; reading++) {
      const zip = await openZip(source);
      for await (const piece of zip.read('part_000000.csv')) {
        expect(piece.length).toBeGreaterThan(0);
        break;
      }
      zip.close();
    }
  });
});

describe('the reads a ZIP file costs its source', () => {
  /** A Pocket export of 5,000 entries: its list, and 4,999 small files beside it. */
  function manyEntries(): Uint8Array {
    const files: Zippable = {
      'part_000000.csv': strToU8(
        'title,url,time_added,tags,status\nA,https://a.example/,1700000000,,unread\n',
      ),
    };
    for (let n = 1; n < 5000; n++) files[`content/page-${n}.html`] = strToU8(`<p>page ${n}</p>`);
    return zipSync(files);
  }

  it('recognising it (both ZIP formats open it) takes a handful of reads, not two an entry', async () => {
    const source = countingSource(bufferSource(manyEntries()));
    const started = performance.now();
    expect(await detectFormat(source)).toBe('pocket-csv');
    console.log(
      `5,000-entry ZIP recognised in ${source.reads} reads, ${Math.round(performance.now() - started)} ms`,
    );
    expect(source.reads).toBeLessThan(10);
  });

  it('reading it takes a handful more', async () => {
    const source = countingSource(bufferSource(manyEntries()));
    expect(linksOf(await readAll(pocketCsv, source))).toHaveLength(1);
    console.log(`5,000-entry ZIP read in ${source.reads} reads`);
    expect(source.reads).toBeLessThan(10);
  });
});
