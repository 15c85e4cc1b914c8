import { createWriteStream } from 'node:fs';
import { once } from 'node:events';

/** What a generated file holds, counted as it is written: what its import must give. */
export interface BookmarkFileFacts {
  path: string;
  bytes: number;
  entries: number;
  /** Distinct valid pages: the links an import into an empty library creates. */
  pages: number;
  /** Entries repeating an earlier page (with tracking parameters): merged. */
  repeats: number;
  /** Entries that are not web pages (bookmarklets, Firefox queries): skipped. */
  invalid: number;
  folders: number;
}

const WORDS = (
  'archive budget cache design engine format garden history index journal kernel library market network ' +
  'object pattern query review signal theory update vector weather yield zebra bridge canvas density'
).split(' ');

/** A small deterministic generator, so every run writes the same file. */
function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

/**
 * A Netscape bookmark file as a browser writes it: `topFolders` folders each holding `subFolders` more
 * (500 folders for 50 × 9), `entries` bookmarks spread over them with dates over ten years, tags on 40%,
 * notes on 20%; 0.5% of entries repeat an earlier page with a utm_ parameter, 0.5% are not web pages. Their
 * addresses are pages under `origin` (served by the bench), spread over 200 sites.
 */
export async function writeBookmarkFile(
  path: string,
  origin: string,
  { entries = 50_000, topFolders = 50, subFolders = 9 } = {},
): Promise<BookmarkFileFacts> {
  const random = seeded(12);
  const pick = () => WORDS[Math.floor(random() * WORDS.length)] as string;
  const out = createWriteStream(path);
  let bytes = 0;
  const write = async (text: string) => {
    bytes += Buffer.byteLength(text);
    if (!out.write(text)) await once(out, 'drain');
  };
  const facts = { path, entries, pages: 0, repeats: 0, invalid: 0, folders: 0 };
  await write(
    '<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">\n',
  );
  await write('<TITLE>Bookmarks</TITLE>\n<H1>Bookmarks</H1>\n<DL><p>\n');
  const leaves = topFolders * (subFolders + 1);
  const perLeaf = Math.ceil(entries / leaves);
  let written = 0;
  const bookmarks = async (count: number) => {
    for (let i = 0; i < count && written < entries; i += 1, written += 1) {
      const added = 1_450_000_000 + Math.floor(random() * 315_000_000);
      let href = `${origin}/site${written % 200}/${pick()}-${pick()}-${written}`;
      if (written % 200 === 199) {
        href = written % 400 === 399 ? `javascript:void(${written})` : `place:sort=8&maxResults=${written}`;
        facts.invalid += 1;
      } else if (written % 200 === 150) {
        // The page of entry `written - 100`, with a tracking parameter: the same page, merged.
        href = `${origin}/site${(written - 100) % 200}/repeat-${written - 100}?utm_source=newsletter`;
        facts.repeats += 1;
      } else {
        if (written % 200 === 50) href = `${origin}/site${written % 200}/repeat-${written}`;
        facts.pages += 1;
      }
      const tags = random() < 0.4 ? ` TAGS="${pick()},${pick()}"` : '';
      await write(
        `<DT><A HREF="${href}" ADD_DATE="${added}"${tags}>${pick()} ${pick()} ${pick()} ${written}</A>\n`,
      );
      if (random() < 0.2) await write(`<DD>${pick()} ${pick()} ${pick()} ${pick()} ${pick()}.\n`);
    }
  };
  for (let top = 0; top < topFolders; top += 1) {
    await write(`<DT><H3 ADD_DATE="1450000000">${pick()} ${top}</H3>\n<DL><p>\n`);
    facts.folders += 1;
    for (let sub = 0; sub < subFolders; sub += 1) {
      await write(`<DT><H3 ADD_DATE="1450000000">${pick()} ${top}.${sub}</H3>\n<DL><p>\n`);
      facts.folders += 1;
      await bookmarks(perLeaf);
      await write('</DL><p>\n');
    }
    await bookmarks(perLeaf);
    await write('</DL><p>\n');
  }
  await write('</DL><p>\n');
  out.end();
  await once(out, 'close');
  return { ...facts, bytes };
}
