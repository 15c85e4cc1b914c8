/**
 * The soak's traffic (bench/soak.bench.ts): a few people, each with a few tabs open, using the library as
 * the web app does. Each tab sends one request at a time, at random times (exponential gaps, so requests
 * arrive as a Poisson process at the mean rate asked for). Each person also keeps an event stream open,
 * reloaded now and then, and refreshes their session as the app does.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { Pool } from 'undici';
import { FOLDER_COLORS, type Link, type Session } from '../contracts/index.js';
import { percentile } from './load.js';

/** What a tab does, and how often (relative weights): reading far more than writing. */
const ACTIONS = {
  list: 28,
  filter: 6,
  search: 10,
  get: 16,
  save: 8,
  move: 4,
  delete: 2,
  folders: 10,
  stats: 10,
  user: 6,
} as const;
type Action = keyof typeof ACTIONS | 'refresh' | 'sign-up';

const TABS_PER_USER = 3;
const FOLDERS_PER_USER = 6;
/** An event stream stays open this long (ms) before its tab reloads. */
const STREAM_LIFETIME = { min: 10_000, max: 60_000 };
/** Access tokens live an hour; the app refreshes well before. */
const REFRESH_EVERY_MS = 15 * 60_000;

export interface MixOptions {
  api: string;
  /** Where the saved pages are served (bench/page-server.ts). */
  pages: string;
  users: number;
  /** Mean requests per second, all tabs together (event streams not counted). */
  rate: number;
  /** Search words (titles of the served pages, so searches find something). */
  words: string[];
}

export interface ActionTally {
  requests: number;
  /** Answers other than 2xx, by status. */
  refused: Record<string, number>;
  /** Requests that got no answer at all. */
  failures: number;
  p50: number;
  p95: number;
  p99: number;
}

export interface MixTally {
  requests: number;
  byAction: Record<string, ActionTally>;
  saves: number;
  streamsOpened: number;
  /** Streams that could not be opened, or broke before their tab closed them. */
  streamFailures: number;
  eventsReceived: number;
}

interface Page {
  items: Link[];
  nextCursor: string | null;
}

class Person {
  private token = '';
  private refreshToken = '';
  private refreshedAt = 0;
  readonly folders: string[] = [];
  readonly links: string[] = [];
  cursor: string | null = null;

  constructor(
    readonly index: number,
    private readonly mix: Mix,
  ) {}

  /** Sign-up goes without: a token that is not one would be refused. */
  get headers(): Record<string, string> {
    return this.token ? { authorization: `Bearer ${this.token}` } : {};
  }

  async signUp(): Promise<void> {
    const session = await this.mix.call<Session>(this, 'sign-up', 'POST', '/api/auth/signup', {
      email: `soak-${this.index}@example.com`,
      password: 'correct horse battery',
    });
    if (!session) throw new Error(`sign-up of person ${this.index} failed`);
    this.keep(session);
    for (let i = 0; i < FOLDERS_PER_USER; i += 1) {
      const folder = await this.mix.call<{ id: string }>(this, 'sign-up', 'POST', '/api/folders', {
        name: `Folder ${i + 1}`,
        color: FOLDER_COLORS[i % FOLDER_COLORS.length],
      });
      if (!folder) throw new Error(`person ${this.index}'s folders could not be made`);
      this.folders.push(folder.id);
    }
  }

  /** The app refreshes its session before the access token expires; the refresh token rotates. */
  async refreshWhenDue(): Promise<void> {
    if (performance.now() - this.refreshedAt < REFRESH_EVERY_MS) return;
    this.refreshedAt = performance.now();
    const session = await this.mix.call<Session>(this, 'refresh', 'POST', '/api/auth/refresh', {
      refresh_token: this.refreshToken,
    });
    if (session) this.keep(session);
  }

  private keep(session: Session): void {
    this.token = session.access_token;
    this.refreshToken = session.refresh_token;
    this.refreshedAt = performance.now();
  }
}

const pick = <T>(items: readonly T[]): T | undefined => items[Math.floor(Math.random() * items.length)];
const thinkMs = (perSecond: number) => -Math.log(1 - Math.random()) * (1000 / perSecond);

function weightedAction(): keyof typeof ACTIONS {
  const entries = Object.entries(ACTIONS) as [keyof typeof ACTIONS, number][];
  let roll = Math.random() * entries.reduce((sum, [, weight]) => sum + weight, 0);
  for (const [action, weight] of entries) {
    roll -= weight;
    if (roll < 0) return action;
  }
  return 'list';
}

export class Mix {
  private readonly api: Pool;
  /** Event streams hold their connection; they get a pool of their own. */
  private readonly streams: Pool;
  private readonly people: Person[];
  private readonly latencies = new Map<Action, number[]>();
  private readonly refused = new Map<Action, Record<string, number>>();
  private readonly failures = new Map<Action, number>();
  private saves = 0;
  private streamsOpened = 0;
  private streamFailures = 0;
  private eventsReceived = 0;
  private serial = 0;

  constructor(private readonly options: MixOptions) {
    this.api = new Pool(options.api, { connections: options.users * TABS_PER_USER });
    this.streams = new Pool(options.api, { connections: options.users * 2 });
    this.people = Array.from({ length: options.users }, (_, i) => new Person(i + 1, this));
  }

  async signUp(): Promise<void> {
    for (const person of this.people) await person.signUp();
  }

  /** Runs the traffic until `until` (a performance.now() time). */
  async run(until: number): Promise<void> {
    const perTab = this.options.rate / (this.people.length * TABS_PER_USER);
    await Promise.all(
      this.people.flatMap((person) => [
        this.watch(person, until),
        ...Array.from({ length: TABS_PER_USER }, () => this.tab(person, perTab, until)),
      ]),
    );
  }

  async close(): Promise<void> {
    await Promise.all([this.api.close(), this.streams.close()]);
  }

  tally(): MixTally {
    const byAction: Record<string, ActionTally> = {};
    let requests = 0;
    for (const [action, times] of this.latencies) {
      const sorted = [...times].sort((a, b) => a - b);
      requests += sorted.length;
      byAction[action] = {
        requests: sorted.length,
        refused: this.refused.get(action) ?? {},
        failures: this.failures.get(action) ?? 0,
        p50: percentile(sorted, 50),
        p95: percentile(sorted, 95),
        p99: percentile(sorted, 99),
      };
    }
    return {
      requests,
      byAction,
      saves: this.saves,
      streamsOpened: this.streamsOpened,
      streamFailures: this.streamFailures,
      eventsReceived: this.eventsReceived,
    };
  }

  /** One request; answers its JSON when it succeeded (2xx), else undefined (counted as refused or failed). */
  async call<T>(
    person: Person,
    action: Action,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    path: string,
    body?: unknown,
  ): Promise<T | undefined> {
    const started = performance.now();
    try {
      const res = await this.api.request({
        path,
        method,
        headers: { ...person.headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const ok = res.statusCode < 300;
      const answer = ok && res.statusCode !== 204 ? await res.body.json() : await res.body.dump();
      this.record(action, performance.now() - started, ok ? null : res.statusCode);
      return ok ? (answer as T) : undefined;
    } catch {
      this.failures.set(action, (this.failures.get(action) ?? 0) + 1);
      return undefined;
    }
  }

  private record(action: Action, ms: number, refusedStatus: number | null): void {
    let times = this.latencies.get(action);
    if (!times) this.latencies.set(action, (times = []));
    times.push(ms);
    if (refusedStatus === null) return;
    const refused = this.refused.get(action) ?? {};
    refused[refusedStatus] = (refused[refusedStatus] ?? 0) + 1;
    this.refused.set(action, refused);
  }

  /** Requests start at Poisson times, whatever the answers took: the rate asked for is the rate sent. */
  private async tab(person: Person, perSecond: number, until: number): Promise<void> {
    let next = performance.now();
    for (;;) {
      next += thinkMs(perSecond);
      await sleep(Math.max(0, next - performance.now()));
      if (performance.now() >= until) return;
      await person.refreshWhenDue();
      await this.act(person, weightedAction());
    }
  }

  private async act(person: Person, action: keyof typeof ACTIONS): Promise<void> {
    const word = () => encodeURIComponent(pick(this.options.words) ?? 'data');
    const linkId = pick(person.links);
    switch (action) {
      case 'list': {
        const roll = Math.random();
        const path =
          roll < 0.6 || !person.cursor
            ? '/api/links'
            : roll < 0.85
              ? `/api/links?folderId=${pick(person.folders) ?? 'uncategorized'}`
              : `/api/links?cursor=${encodeURIComponent(person.cursor)}`;
        const page = await this.call<Page>(person, action, 'GET', path);
        if (page && path === '/api/links') person.cursor = page.nextCursor;
        return;
      }
      case 'filter':
        await this.call(person, action, 'GET', `/api/links?q=${word()}`);
        return;
      case 'search':
        await this.call(person, action, 'GET', `/api/search?q=${word()}`);
        return;
      case 'get':
        if (linkId) await this.call(person, action, 'GET', `/api/links/${linkId}`);
        return;
      case 'save': {
        this.serial += 1;
        const folderId = Math.random() < 0.7 ? pick(person.folders) : undefined;
        const link = await this.call<Link>(person, action, 'POST', '/api/links', {
          url: `${this.options.pages}/site-${this.serial % 40}/${person.index}/${this.serial}/article`,
          ...(folderId ? { folderId } : {}),
        });
        if (link) {
          this.saves += 1;
          person.links.push(link.id);
        }
        return;
      }
      case 'move':
        if (linkId)
          await this.call(person, action, 'PATCH', `/api/links/${linkId}`, {
            folderId: Math.random() < 0.8 ? (pick(person.folders) ?? null) : null,
          });
        return;
      case 'delete':
        if (linkId) {
          await this.call(person, action, 'DELETE', `/api/links/${linkId}`);
          person.links.splice(person.links.indexOf(linkId), 1);
        }
        return;
      case 'folders':
        await this.call(person, action, 'GET', '/api/folders');
        return;
      case 'stats':
        await this.call(person, action, 'GET', '/api/stats');
        return;
      case 'user':
        await this.call(person, action, 'GET', '/api/auth/user');
        return;
    }
  }

  /** The person's event stream: open, read for a while, closed (a reload, a tab closed), opened again. */
  private async watch(person: Person, until: number): Promise<void> {
    while (performance.now() < until) {
      const lifetime = STREAM_LIFETIME.min + Math.random() * (STREAM_LIFETIME.max - STREAM_LIFETIME.min);
      const reload = new AbortController();
      const timer = setTimeout(() => reload.abort(), Math.min(lifetime, until - performance.now()));
      try {
        const res = await this.streams.request({
          path: '/api/events',
          method: 'GET',
          headers: person.headers,
          signal: reload.signal,
        });
        this.streamsOpened += 1;
        for await (const chunk of res.body)
          this.eventsReceived += String(chunk).match(/^event: /gm)?.length ?? 0;
      } catch {
        if (!reload.signal.aborted) this.streamFailures += 1;
      } finally {
        clearTimeout(timer);
      }
      await sleep(Math.random() * 2000);
    }
  }
}
