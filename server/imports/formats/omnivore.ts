import { fromDateString } from './dates.js';
import { firstEntry, listEntries, tagsOf, text } from './json-fields.js';
import { sampleJson, type JsonObject, type WalkShape } from './json-walker.js';
import { parseHighlights, type OmnivoreHighlights } from './omnivore-highlights.js';
import { snippetsLeftOut } from './snippets.js';
import { readHead } from './source.js';
import {
  FileDamaged,
  type FileSource,
  type FormatReader,
  type ImportedLink,
  type ImportItem,
  type ReadingState,
} from './types.js';
import { isZip, openZip, type ZipArchive, type ZipEntryInfo } from './zip.js';

/**
 * Omnivore's export (the service closed in November 2024), as a ZIP or as one of its metadata files.
 * The ZIP (omnivore-app/omnivore, packages/api/src/jobs/export.ts) holds metadata_<from>_to_<to>.json
 * files of 20 items each, content/<slug>.html (the article, not needed) and highlights/<slug>.md.
 */

const SHAPE: WalkShape = { root: 'array' };
const METADATA = /(?:^|\/)metadata_(\d+)_to_(\d+)\.json$/;
/** A page's highlights file is a few KB; one larger than this is reported rather than held. */
const MAX_HIGHLIGHTS_BYTES = 4 * 1024 * 1024;

/**
 * `state` is the database's "ARCHIVED"/"SUCCEEDED" in the ZIP, "Archived"/"Active" in exports made
 * through Omnivore's API (the corpus file), "archived"/"active" in its first exporter.
 */
function stateOf(fields: JsonObject): ReadingState {
  if (text(fields.state)?.toLowerCase() === 'archived') return 'archived';
  return typeof fields.readingProgress === 'number' && fields.readingProgress >= 100 ? 'read' : 'unread';
}

function link(fields: JsonObject, position: string, highlights: OmnivoreHighlights | null): ImportedLink {
  return {
    kind: 'link',
    position,
    url: text(fields.url) ?? '',
    title: text(fields.title),
    // The person's own note on the page says more than the article's excerpt.
    description: highlights?.note ?? text(fields.description),
    tags: tagsOf(fields.labels),
    createdAt: fromDateString(text(fields.savedAt)),
    state: stateOf(fields),
    snippets: highlights?.snippets ?? [],
  };
}

const isOmnivoreItem = (entry: JsonObject | null) =>
  entry !== null && 'url' in entry && 'savedAt' in entry && ('slug' in entry || 'labels' in entry);

/** The ZIP's metadata files in the order Omnivore wrote them (by their numbers: metadata_100_… after metadata_20_…). */
function metadataFiles(entries: readonly ZipEntryInfo[]): string[] {
  const files = entries.flatMap(({ name }) => {
    const match = METADATA.exec(name);
    return match ? [{ name, from: Number(match[1]), to: Number(match[2]) }] : [];
  });
  files.sort((a, b) => a.from - b.from || a.to - b.to || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return files.map(({ name }) => name);
}

/** A page's highlights file in the ZIP. */
interface HighlightsFile extends ZipEntryInfo {
  text(): Promise<string>;
}

async function* readItems(
  bytes: AsyncIterable<Uint8Array>,
  label: (n: number) => string,
  highlightsOf: (slug: string) => HighlightsFile | undefined = () => undefined,
): AsyncGenerator<ImportItem> {
  for await (const entry of listEntries(bytes, SHAPE, 'url', label)) {
    if ('skip' in entry) {
      yield entry.skip;
      continue;
    }
    const { fields, position } = entry;
    const slug = text(fields.slug);
    const file = slug ? highlightsOf(slug) : undefined;
    if (file && file.size > MAX_HIGHLIGHTS_BYTES) {
      yield link(fields, position, null);
      const reason = `The highlights of this page (${file.name}) are larger than ${MAX_HIGHLIGHTS_BYTES / 1024 / 1024} MB and were not read`;
      yield { kind: 'skip', position, url: text(fields.url), reason };
    } else {
      const highlights = file ? parseHighlights(await highlightsText(file, position)) : null;
      yield link(fields, position, highlights);
      if (highlights?.leftOut) yield snippetsLeftOut(position, text(fields.url), highlights.leftOut);
    }
  }
}

/** The highlights file's text; when it cannot be read, the damage is reported at the item. */
async function highlightsText(file: HighlightsFile, position: string): Promise<string> {
  try {
    return await file.text();
  } catch (err) {
    throw err instanceof FileDamaged && err.position === null ? new FileDamaged(err.message, position) : err;
  }
}

async function readText(zip: ZipArchive, name: string): Promise<string> {
  const pieces: Uint8Array[] = [];
  for await (const piece of zip.read(name)) pieces.push(piece);
  return new TextDecoder().decode(Buffer.concat(pieces));
}

async function* readZip(source: FileSource): AsyncGenerator<ImportItem> {
  const zip = await openZip(source);
  try {
    const byName = new Map(zip.entries.map((entry) => [entry.name, entry]));
    const files = metadataFiles(zip.entries);
    if (files.length === 0) throw new FileDamaged('The ZIP file holds no Omnivore metadata_*.json file');
    for (const file of files) {
      // Highlights sit beside the metadata files (in a folder, when the person zipped the folder again).
      const folder = file.slice(0, file.lastIndexOf('/') + 1);
      const highlightsOf = (slug: string): HighlightsFile | undefined => {
        const entry = byName.get(`${folder}highlights/${slug}.md`);
        return entry && { ...entry, text: () => readText(zip, entry.name) };
      };
      yield* readItems(zip.read(file), (n) => `${file} entry ${n}`, highlightsOf);
    }
  } finally {
    zip.close();
  }
}

async function isOmnivoreZip(source: FileSource): Promise<boolean> {
  try {
    const zip = await openZip(source);
    zip.close();
    return metadataFiles(zip.entries).length > 0;
  } catch (err) {
    if (err instanceof FileDamaged) return false;
    throw err;
  }
}

export const omnivore: FormatReader = {
  name: 'omnivore',
  async detect(source, head) {
    if (isZip(head.bytes)) return isOmnivoreZip(source);
    return isOmnivoreItem(firstEntry(await sampleJson(source, head)));
  },
  async *read(source) {
    if (isZip((await readHead(source)).bytes)) yield* readZip(source);
    else yield* readItems(source.bytes(), (n) => `entry ${n}`);
  },
};
