/**
 * The export benchmark (see BENCHMARKS.md):  npm run bench:export
 *
 * For SQLite, then PostgreSQL when it is reachable: builds the generate.ts library (one user, 50 folders,
 * 100,000 links, 20,000 snippets) in a throw-away database, and for each format starts the real app in a
 * process of its own on 127.0.0.1, warms it up with one folder's export, then downloads the whole library
 * over HTTP, the client consuming the body as it comes. Measured: the time to the last byte, and the server's
 * RSS growth, its peak RSS during the download (VmHWM in /proc/<pid>/status, reset through
 * /proc/<pid>/clear_refs just before) minus its RSS before (after a full garbage collection). A fresh server
 * per format, so no export inherits the heap another one grew. The body is checked as it passes (entries
 * counted), never kept.
 *
 * Targets: the JSON export in under 10 s, with the server's RSS growing by less than 100 MB.
 *
 * Environment: BENCH_ENGINES (default "sqlite,postgres"), BENCH_POSTGRES_URL (an existing database to create
 * the bench database beside, default postgres://postgres@127.0.0.1:5432/postgres).
 */
import { EXPORT_FORMATS, type ExportFormat } from '../contracts/index.js';
import { startAppProcess } from './app-process.js';
import { type BenchDatabase, benchEachEngine } from './engines.js';
import { type GeneratedLibrary, generateLibrary, logIn } from './generate.js';
import { machine, saveResults } from './report.js';

const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ENGINES = (process.env.BENCH_ENGINES ?? 'sqlite,postgres').split(',');
const TARGET = { format: 'json' as ExportFormat, seconds: 10, growthMb: 100 };
const MB = 1024 * 1024;

interface Measurement {
  format: ExportFormat;
  seconds: number;
  bytes: number;
  /** What the body held, counted as it passed: links (notes for markdown), against what the library has. */
  entries: number;
  expectedEntries: number;
  rssBeforeMb: number;
  peakRssMb: number;
  growthMb: number;
}

interface EngineReport {
  engine: string;
  version: string;
  generateSeconds: number;
  measurements: Measurement[];
}

// ---- the client ----

/**
 * How many times a marker passes in the body, across chunk boundaries, and the body's last bytes: enough to
 * check an export of 100,000 links without keeping it.
 */
class BodyCheck {
  count = 0;
  bytes = 0;
  tail = Buffer.alloc(0);

  constructor(private readonly marker: Buffer | null) {}

  add(chunk: Uint8Array): void {
    this.bytes += chunk.length;
    const keep = Math.max(this.marker?.length ?? 0, 128);
    const window = Buffer.concat([this.tail, chunk]);
    if (this.marker) {
      // Only matches that end in the new bytes: the kept tail was searched with the last chunk.
      for (let at = window.indexOf(this.marker); at !== -1; at = window.indexOf(this.marker, at + 1)) {
        if (at + this.marker.length > this.tail.length) this.count += 1;
      }
    }
    this.tail = window.subarray(Math.max(0, window.length - keep));
  }
}

/** What marks one link in each format's body (markdown: the ZIP's entry count is read at its end). */
const MARKERS: Record<ExportFormat, string | null> = {
  json: '\n{"url":',
  html: '<DT><A ',
  // csvRecord ends every record with CRLF; the generated texts have no CR of their own.
  csv: '\r\n',
  markdown: null,
};

/** The entry count of the ZIP64 end record (more than 65,535 entries), or of the classic one. */
function zipEntries(tail: Buffer): number {
  const zip64 = tail.lastIndexOf(Buffer.from([0x50, 0x4b, 0x06, 0x06]));
  return zip64 === -1 ? tail.readUInt16LE(tail.length - 22 + 10) : Number(tail.readBigUInt64LE(zip64 + 32));
}

async function download(origin: string, path: string, authorization: string, marker: string | null) {
  const started = performance.now();
  const res = await fetch(`${origin}${path}`, { headers: { authorization } });
  if (!res.ok || !res.body) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  const check = new BodyCheck(marker === null ? null : Buffer.from(marker));
  for await (const chunk of res.body) check.add(chunk);
  return { seconds: (performance.now() - started) / 1000, check };
}

async function measure(
  bench: BenchDatabase,
  library: GeneratedLibrary,
  authorization: string,
  format: ExportFormat,
): Promise<Measurement> {
  const server = await startAppProcess(bench.url);
  try {
    // Warm-up: every code path of the format runs once (and is compiled) on one folder of the library.
    await download(
      server.origin,
      `/api/export?format=${format}&folderId=${library.folderIds[0]}`,
      authorization,
      null,
    );
    await server.collect();
    server.resetPeak();
    const before = server.memory();
    const { seconds, check } = await download(
      server.origin,
      `/api/export?format=${format}`,
      authorization,
      MARKERS[format],
    );
    const after = server.memory();
    const { links, folders } = library.size;
    const expectedEntries = { json: links, html: links, csv: links + 1, markdown: links + folders + 1 }[
      format
    ];
    return {
      format,
      seconds,
      bytes: check.bytes,
      entries: format === 'markdown' ? zipEntries(check.tail) : check.count,
      expectedEntries,
      rssBeforeMb: before.rss / MB,
      peakRssMb: after.peak / MB,
      growthMb: (after.peak - before.rss) / MB,
    };
  } finally {
    await server.stop();
  }
}

async function benchEngine(bench: BenchDatabase): Promise<EngineReport> {
  console.log(`\n${bench.engine} ${bench.version}: generating the library…`);
  const library = await generateLibrary(bench.database, { pages: false });
  console.log(`  generated in ${library.seconds.toFixed(1)} s`);
  const authorization = `Bearer ${await logInOnce(bench.url, library)}`;
  const measurements: Measurement[] = [];
  for (const format of EXPORT_FORMATS) {
    const m = await measure(bench, library, authorization, format);
    measurements.push(m);
    console.log(
      `  ${format}: ${m.seconds.toFixed(2)} s, ${(m.bytes / MB).toFixed(1)} MB, ${m.entries} entries ` +
        `(expected ${m.expectedEntries}); server RSS ${m.rssBeforeMb.toFixed(0)} MB before, ` +
        `peak ${m.peakRssMb.toFixed(0)} MB: growth ${m.growthMb.toFixed(1)} MB`,
    );
  }
  return { engine: bench.engine, version: bench.version, generateSeconds: library.seconds, measurements };
}

/** The one login of the run (logins are rate-limited), through a server of its own. */
async function logInOnce(databaseUrl: string, library: GeneratedLibrary): Promise<string> {
  const server = await startAppProcess(databaseUrl);
  try {
    return await logIn(server.origin, library);
  } finally {
    await server.stop();
  }
}

const meets = (m: Measurement) =>
  m.entries === m.expectedEntries &&
  (m.format !== TARGET.format || (m.seconds < TARGET.seconds && m.growthMb < TARGET.growthMb));

function table(reports: EngineReport[]): string {
  const lines = [
    '| engine | format | seconds | MB sent | entries | RSS before MB | peak RSS MB | growth MB | target | met |',
    '|---|---|--:|--:|--:|--:|--:|--:|---|---|',
  ];
  for (const report of reports) {
    for (const m of report.measurements) {
      const target =
        m.format === TARGET.format ? `< ${TARGET.seconds} s, growth < ${TARGET.growthMb} MB` : 'every entry';
      lines.push(
        `| ${report.engine} | ${m.format} | ${m.seconds.toFixed(2)} | ${(m.bytes / MB).toFixed(1)} | ` +
          `${m.entries} | ${m.rssBeforeMb.toFixed(0)} | ${m.peakRssMb.toFixed(0)} | ${m.growthMb.toFixed(1)} | ` +
          `${target} | ${meets(m) ? 'yes' : '**no**'} |`,
      );
    }
  }
  return lines.join('\n');
}

async function main(): Promise<void> {
  const machineLine = machine();
  console.log(`Machine: ${machineLine}`);
  const reports = await benchEachEngine(ENGINES, POSTGRES_URL, benchEngine);
  console.log(`\nMachine: ${machineLine}\n\n${table(reports)}\n`);
  console.log(`Results written to ${saveResults('export', { machine: machineLine, reports })}`);
  if (!reports.every((report) => report.measurements.every(meets))) process.exitCode = 1;
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
