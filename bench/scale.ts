/**
 * Issue 20's part of `npm run bench`: the reads of the API and of MCP served by the real program
 * (dist/server/main.js, as `npm start` runs it) with 1, 2 (and 4, on a machine with the cores) web
 * processes on PostgreSQL and the one process SQLite has, loaded by wrk; beside each, the same read made
 * directly through the app's services (no HTTP) by as many callers, and the CPU the server, PostgreSQL,
 * the load generator and the whole machine used while it was measured. Then saves with each number of
 * web processes on PostgreSQL.
 */
import { availableParallelism } from 'node:os';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { sql } from 'kysely';
import { listLinksQuery, searchQuery } from '../contracts/index.js';
import { buildServices } from '../server/app.js';
import { testConfig } from '../server/config.js';
import { createLogger } from '../server/logging/logger.js';
import { createMcpServer } from '../server/mcp/mcp.tools.js';
import { type AppProcess, startAppProcess } from './app-process.js';
import { type CpuShares, cpuMeter } from './cpu.js';
import { type DirectResult, directLimit } from './direct.js';
import type { BenchDatabase } from './engines.js';
import { type GeneratedLibrary, logIn } from './generate.js';
import { ID_PLACEHOLDER } from './load.js';
import { type GeneratorResult, type LoadGenerator, generateLoad } from './wrk.js';

/** One connection: the latency of a request on its own; ten: ten people at once (the issue's targets). */
export const READ_CONNECTIONS = [1, 10];
const SAVE_CONNECTIONS = 50;
/** Issue 20: p95 under 20 ms with one client and under 50 ms with ten, with WEB_PROCESSES=auto. */
const READ_TARGETS: Record<number, number> = { 1: 20, 10: 50 };
/** Issue 20: with 2 web processes, reads at 10 clients at least 1.5 times one process's throughput. */
export const SCALE_TARGET = 1.5;

export interface ScaleSettings {
  seconds: number;
  warmupSeconds: number;
  /** The common substring the searches look for. */
  query: string;
  generator: LoadGenerator;
  /** Only the scenarios whose name contains it. */
  only: string;
}

/** A read as a client makes it over HTTP, and the same read through the app's code without HTTP. */
interface Read {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  direct: (app: DirectApp) => Promise<unknown>;
}

interface DirectApp {
  services: ReturnType<typeof buildServices>;
  userId: string;
  /** An MCP client connected in memory to the app's MCP server (createMcpServer), as the person. */
  mcp: Client;
}

export interface Served {
  engine: string;
  /**
   * WEB_PROCESSES given, and the HTTP processes that were running: the program's processes, less the
   * cluster's primary when it started others (the primary answers no requests).
   */
  webProcesses: number;
  processesSeen: number;
  name: string;
  method: 'GET' | 'POST';
  connections: number;
  result: GeneratorResult;
  cpu: CpuShares;
  /** Whether this row is judged against the issue's target (SQLite's one process, PostgreSQL's auto). */
  target: number | null;
}

export interface EngineScale {
  engine: string;
  /** The common tag the tag filters use, and on how many of the person's links it is. */
  tag: { name: string; links: number };
  direct: { name: string; results: DirectResult[] }[];
  served: Served[];
}

/** What WEB_PROCESSES=auto gives on this machine: one per core. */
const autoProcesses = () => availableParallelism();

/** 1 and 2 web processes on PostgreSQL, 4 where the machine has the cores, and auto's number. SQLite: one. */
export function processCounts(engine: BenchDatabase['engine']): number[] {
  if (engine === 'SQLite') return [1];
  const counts = new Set([1, 2, ...(availableParallelism() >= 4 ? [4] : []), autoProcesses()]);
  return [...counts].sort((a, b) => a - b);
}

async function reads(bench: BenchDatabase, library: GeneratedLibrary, query: string) {
  const folderId = library.folderIds[0] ?? '';
  const tag = await commonestTag(bench, library.userId);
  const services = buildServices({
    config: testConfig({ databaseUrl: bench.url }),
    database: bench.database,
  });
  const first = await services.links.list(library.userId, listLinksQuery.parse({}));
  const linkId = first.items[0]?.id ?? '';
  const q = encodeURIComponent(query);
  const rest = (name: string, path: string, direct: Read['direct']): Read => ({
    name,
    method: 'GET',
    path,
    direct,
  });
  const listed = (params: Record<string, string>) => (app: DirectApp) =>
    app.services.links.list(app.userId, listLinksQuery.parse(params));
  const tool = (name: string, title: string, args: Record<string, unknown> = {}): Read => ({
    name: `MCP ${title}`,
    method: 'POST',
    path: '/mcp',
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }),
    direct: async ({ mcp }) => {
      const result = await mcp.callTool({ name, arguments: args });
      if (result.isError) throw new Error(`${name}: ${JSON.stringify(result.content)}`);
    },
  });
  const list: Read[] = [
    rest('links, first page', '/api/links', listed({})),
    rest("a folder's first page", `/api/links?folderId=${folderId}`, listed({ folderId })),
    rest(
      `links tagged "${tag.name}"`,
      `/api/links?tag=${encodeURIComponent(tag.name)}`,
      listed({ tag: tag.name }),
    ),
    rest('stats', '/api/stats', (app) => app.services.stats.get(app.userId)),
    rest('folders', '/api/folders', (app) => app.services.folders.list(app.userId)),
    rest('tags', '/api/tags', (app) => app.services.tags.list(app.userId)),
    rest('one link', `/api/links/${linkId}`, (app) => app.services.links.get(app.userId, linkId)),
    rest(`search "${query}"`, `/api/search?q=${q}`, (app) =>
      app.services.search.search(app.userId, searchQuery.parse({ q: query })),
    ),
    rest(`links filtered by "${query}"`, `/api/links?q=${q}`, listed({ q: query })),
    tool('list_links', 'list_links'),
    tool('list_links', `list_links of a folder`, { folderId }),
    tool('list_links', `list_links tagged "${tag.name}"`, { tag: tag.name }),
    tool('search', `search "${query}"`, { query }),
    tool('list_folders', 'list_folders'),
    tool('get_link', 'get_link', { id: linkId }),
  ];
  return { list, tag, services };
}

/** The tag on most of the person's links: the tag filter's heaviest case. */
async function commonestTag({ database }: BenchDatabase, userId: string) {
  const { rows } = await sql<{ tag: string; links: number | string }>`
    SELECT min(tag) AS tag, count(*) AS links FROM link_tags WHERE user_id = ${userId}
    GROUP BY tag_key ORDER BY count(*) DESC LIMIT 1`.execute(database.db);
  const row = rows[0];
  if (!row) throw new Error('the library has no tags');
  return { name: row.tag, links: Number(row.links) };
}

/** An MCP client in memory, talking to the server the MCP route builds, as the person signed in. */
async function mcpClient(services: DirectApp['services'], userId: string): Promise<Client> {
  const server = createMcpServer(services, { userId, sessionId: null, scopes: null }, createLogger('error'));
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'bench', version: '1.0.0' });
  await client.connect(clientSide);
  return client;
}

/**
 * The part for one engine, in two steps: `reads` (the direct limits, then every read with each number of
 * web processes) and `saves` (PostgreSQL only: SQLite serves one process), to be run last because saves
 * grow the library the reads are measured on. `report` fills as they run.
 */
export async function scaleBench(bench: BenchDatabase, library: GeneratedLibrary, settings: ScaleSettings) {
  const { list, tag, services } = await reads(bench, library, settings.query);
  const chosen = list.filter((read) => read.name.includes(settings.only));
  console.log(`  tag filters use "${tag.name}", on ${tag.links} links`);
  const report: EngineScale = { engine: bench.engine, tag, direct: [], served: [] };
  const counts = processCounts(bench.engine);
  const judged = bench.engine === 'SQLite' ? 1 : autoProcesses();

  const serve = async (webProcesses: number, run: (server: AppProcess, token: string) => Promise<void>) => {
    const server = await startAppProcess(bench.url, { webProcesses, savesPerMinute: 1_000_000_000 });
    try {
      await run(server, await logIn(server.origin, library));
    } finally {
      await server.stop();
    }
  };
  const measure = async (
    server: AppProcess,
    webProcesses: number,
    request: LoadRequest,
    connections: number,
    target: number | null,
  ) => {
    const spec = {
      url: `${server.origin}${request.path}`,
      method: request.method,
      headers: request.headers,
      body: request.body,
      connections,
      warmupSeconds: 0,
    };
    await generateLoad({ ...spec, seconds: settings.warmupSeconds }, settings.generator);
    const meter = cpuMeter({ server: server.processes(), postgres: await postgresProcesses(bench) });
    const result = await generateLoad({ ...spec, seconds: settings.seconds }, settings.generator);
    const row: Served = {
      engine: bench.engine,
      webProcesses,
      processesSeen: Math.max(1, server.processes().length - 1),
      name: request.name,
      method: request.method,
      connections,
      result,
      cpu: meter.stop(),
      target,
    };
    report.served.push(row);
    console.log(`  ${describe(row)}`);
  };

  return {
    report,
    async reads(): Promise<void> {
      // The database's limit first, while no server runs: every read back to back, 1 and 10 callers.
      const mcp = await mcpClient(services, library.userId);
      const app: DirectApp = { services, userId: library.userId, mcp };
      for (const read of chosen) {
        const results: DirectResult[] = [];
        for (const callers of READ_CONNECTIONS) {
          const call = () => read.direct(app);
          results.push(await directLimit(call, callers, settings.seconds, settings.warmupSeconds));
        }
        report.direct.push({ name: read.name, results });
        const figures = results.map(
          (r) => `${r.callers} callers ${Math.round(r.perSecond)}/s p95 ${fixed(r.p95)} ms`,
        );
        console.log(`  direct, ${read.name}: ${figures.join(', ')}`);
      }
      await mcp.close();
      for (const webProcesses of counts) {
        await serve(webProcesses, async (server, token) => {
          for (const read of chosen) {
            const request = { ...read, headers: headersFor(read, token) };
            await probe(server.origin, request);
            for (const connections of READ_CONNECTIONS) {
              const target = webProcesses === judged ? (READ_TARGETS[connections] ?? null) : null;
              await measure(server, webProcesses, request, connections, target);
            }
          }
        });
      }
    },
    async saves(): Promise<void> {
      const save: Omit<LoadRequest, 'headers'> = {
        name: 'save a link, back to back',
        method: 'POST',
        path: '/api/links',
        body: JSON.stringify({
          url: `https://bench.example.com/scaled/${ID_PLACEHOLDER}`,
          title: 'Saved under load',
          folderId: library.folderIds[0],
        }),
      };
      if (bench.engine !== 'PostgreSQL' || !save.name.includes(settings.only)) return;
      for (const webProcesses of counts) {
        await serve(webProcesses, async (server, token) => {
          await measure(
            server,
            webProcesses,
            { ...save, headers: headersFor(save, token) },
            SAVE_CONNECTIONS,
            null,
          );
        });
      }
    },
  };
}

/** A request as the load generator sends it. */
type LoadRequest = Pick<Read, 'name' | 'method' | 'path' | 'body'> & { headers: Record<string, string> };

function headersFor({ method, path }: Pick<Read, 'method' | 'path'>, token: string): Record<string, string> {
  return {
    authorization: `Bearer ${token}`,
    ...(method === 'POST' && { 'content-type': 'application/json' }),
    // MCP's Streamable HTTP asks clients to accept both (the server answers JSON).
    ...(path === '/mcp' && { accept: 'application/json, text/event-stream' }),
  };
}

/** The bench database's backends and PostgreSQL's own background processes (its writer, checkpointer, WAL). */
async function postgresProcesses({ engine, database }: BenchDatabase): Promise<number[]> {
  if (engine !== 'PostgreSQL') return [];
  const { rows } = await sql<{ pid: number }>`
    SELECT pid FROM pg_stat_activity
    WHERE datname = current_database() OR backend_type <> 'client backend'`.execute(database.db);
  return rows.map((row) => row.pid);
}

/** One request first, so that a read answering 4xx (or an MCP error) fails loudly instead of being timed. */
async function probe(origin: string, request: LoadRequest): Promise<void> {
  const { method, headers, body } = request;
  const res = await fetch(`${origin}${request.path}`, { method, headers, body });
  const text = await res.text();
  const answer = (request.path === '/mcp' && res.ok ? JSON.parse(text) : {}) as {
    error?: unknown;
    result?: { isError?: boolean };
  };
  if (!res.ok || answer.error !== undefined || answer.result?.isError) {
    throw new Error(`${request.name}: ${res.status} ${text.slice(0, 500)}`);
  }
}

const fixed = (value: number | null, digits = 1) => (value === null ? 'n/a' : value.toFixed(digits));

function describe(row: Served): string {
  const { result, cpu } = row;
  return (
    `${row.engine}, ${row.webProcesses} web process(es) (${row.processesSeen} running), ${row.name} ` +
    `(${row.connections}): ${Math.round(result.perSecond)}/s, p95 ${fixed(result.p95)} ms; CPU in cores: ` +
    `server ${fixed(cpu.server, 2)}, PostgreSQL ${fixed(cpu.postgres, 2)}, ${result.generator} ` +
    `${fixed(result.clientCores, 2)}, machine ${fixed(cpu.machine, 2)}`
  );
}

/** The cores the rest of the machine used meanwhile: other sessions, the bench itself, the kernel. */
const otherCores = ({ cpu, result }: Served) =>
  Math.max(0, cpu.machine - cpu.server - (cpu.postgres ?? 0) - result.clientCores);

/** The cores one run kept busy: the server, PostgreSQL and the load generator. */
const runCores = ({ cpu, result }: Served) => cpu.server + (cpu.postgres ?? 0) + result.clientCores;

const metTarget = (row: Served) =>
  row.target !== null && row.result.p95 < row.target && row.result.non2xx === 0 && row.result.failures === 0;

function directFor(report: EngineScale, row: Served): DirectResult | undefined {
  return report.direct.find((d) => d.name === row.name)?.results.find((r) => r.callers === row.connections);
}

/** Every run through the real program, with the direct limit of the same read and where the CPU went. */
export function servedTable(reports: EngineScale[]): string {
  const lines = [
    '| engine | web procs (running) | scenario | conns | p50 ms | p95 ms | p99 ms | req/s | non-2xx | direct q/s | direct p95 ms | direct ÷ HTTP | server CPU | PG CPU | load gen CPU | other CPU | target | met |',
    '|---|--:|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|---|---|',
  ];
  for (const report of reports) {
    for (const row of report.served) {
      const { result, cpu } = row;
      const direct = directFor(report, row);
      lines.push(
        `| ${row.engine} | ${row.webProcesses} (${row.processesSeen}) | ${row.name} | ${row.connections} | ` +
          `${fixed(result.p50)} | ${fixed(result.p95)} | ${fixed(result.p99)} | ${Math.round(result.perSecond)} | ` +
          `${result.non2xx + result.failures} | ${direct ? Math.round(direct.perSecond) : '—'} | ` +
          `${direct ? fixed(direct.p95) : '—'} | ${direct ? fixed(direct.perSecond / result.perSecond) : '—'} | ` +
          `${fixed(cpu.server, 2)} | ${fixed(cpu.postgres, 2)} | ${fixed(result.clientCores, 2)} | ` +
          `${fixed(otherCores(row), 2)} | ${row.target === null ? '—' : `p95 < ${row.target} ms`} | ` +
          `${row.target === null ? '—' : metTarget(row) ? 'yes' : '**no**'} |`,
      );
    }
  }
  return lines.join('\n');
}

/**
 * PostgreSQL's throughput by number of web processes, per scenario and connections, with each count's
 * ratio to one process; the 1.5× acceptance is read on 2 processes at 10 connections. Beside it, the
 * cores one process's run kept busy (server, PostgreSQL, load generator) and so the most any number of
 * processes could multiply its throughput by on this machine's cores, if nothing else ran there.
 */
export function scalingTable(report: EngineScale): { table: string; holds: boolean | null } {
  const counts = [...new Set(report.served.map((row) => row.webProcesses))].sort((a, b) => a - b);
  const more = counts.filter((n) => n > 1);
  const lines = [
    `| scenario | conns | ${counts.map((n) => `req/s, ${n} proc`).join(' | ')} | ${more.map((n) => `${n} ÷ 1`).join(' | ')} | ≥ ${SCALE_TARGET}× (2 procs, 10 conns) | cores used, 1 proc | most the cores allow ÷ 1 | direct q/s | direct ÷ HTTP (${counts.at(-1)} procs) |`,
    `|---|--:|${counts.map(() => '--:').join('|')}|${more.map(() => '--:').join('|')}|---|--:|--:|--:|--:|`,
  ];
  const verdicts: boolean[] = [];
  const keys = [...new Set(report.served.map((row) => `${row.name}\u0000${row.connections}`))];
  for (const key of keys) {
    const [name, connections] = key.split('\u0000') as [string, string];
    const rows = report.served.filter((r) => r.name === name && r.connections === Number(connections));
    const rate = (n: number) => rows.find((r) => r.webProcesses === n)?.result.perSecond ?? Number.NaN;
    const isRead = rows[0]?.method === 'GET' || name.startsWith('MCP');
    const judged = isRead && Number(connections) === 10 && counts.includes(2);
    const holds = rate(2) / rate(1) >= SCALE_TARGET;
    if (judged) verdicts.push(holds);
    const widest = rows.find((r) => r.webProcesses === counts.at(-1));
    const one = rows.find((r) => r.webProcesses === 1);
    const direct = widest && directFor(report, widest);
    lines.push(
      `| ${name} | ${connections} | ${counts.map((n) => Math.round(rate(n))).join(' | ')} | ` +
        `${more.map((n) => `${fixed(rate(n) / rate(1), 2)}×`).join(' | ')} | ` +
        `${judged ? (holds ? 'yes' : '**no**') : '—'} | ${one ? fixed(runCores(one), 2) : '—'} | ` +
        `${one ? `${fixed(availableParallelism() / runCores(one), 2)}×` : '—'} | ` +
        `${direct ? Math.round(direct.perSecond) : '—'} | ` +
        `${direct && widest ? fixed(direct.perSecond / widest.result.perSecond) : '—'} |`,
    );
  }
  return { table: lines.join('\n'), holds: verdicts.length === 0 ? null : verdicts.every(Boolean) };
}
