import { availableParallelism } from 'node:os';
import { z } from 'zod';
import { SIGNUP_MODES, type SignupMode } from '../contracts/index.js';
import type { DatabaseTimeouts } from './db/database.js';
import { MIN_POOL_SIZE } from './db/pool-budget.js';

/** WEB_PROCESSES' ceiling, and `auto`'s on a machine with more cores. */
export const MAX_WEB_PROCESSES = 64;
const WEB_PROCESSES_RANGE = `must be auto (one per core) or a whole number from 1 to ${MAX_WEB_PROCESSES}`;

/** The only reader of process.env (DESIGN.md "Configuration"); parsed once at start-up. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  PUBLIC_URL: z.url().optional(),
  DATABASE_URL: z.string().default('sqlite:./data/linkvault.db'),
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5000),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(15_000),
  // Every web process with workers takes its share of the pool and of the machine: beyond this, more
  // processes only contend for cores and connections.
  WEB_PROCESSES: z
    .string()
    .trim()
    .transform((value) => (value === 'auto' ? Math.min(availableParallelism(), MAX_WEB_PROCESSES) : value))
    .pipe(
      z.coerce
        .number<string | number>({ error: WEB_PROCESSES_RANGE })
        .int(WEB_PROCESSES_RANGE)
        .min(1, WEB_PROCESSES_RANGE)
        .max(MAX_WEB_PROCESSES, WEB_PROCESSES_RANGE),
    )
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(MIN_POOL_SIZE).max(1000).optional(),
  WORKERS: z.coerce.number().int().min(0).max(64).default(2),
  SAVES_PER_MINUTE: z.coerce.number().int().min(1).default(2000),
  ROLE: z.enum(['web', 'worker']).default('web'),
  FETCH_ALLOW: z.string().default(''),
  LLM_BASE_URL: z.url().optional(),
  LLM_API_KEY: z.string().optional(),
  LLM_MODEL: z.string().optional(),
  LLM_TIMEOUT_MS: z.coerce.number().int().min(1000).max(300_000).default(20_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['pretty', 'json']).optional(),
  TRUST_PROXY: z.stringbool().default(false),
  WEB_DIST: z.string().default('dist/web'),
  EXTENSION_ORIGINS: z.string().default(''),
  SIGNUPS: z.enum(SIGNUP_MODES).optional(),
  OIDC_ISSUER: z.url().optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_ONLY: z.stringbool().default(false),
  // Guessable tokens are refused: what /metrics tells (traffic, queue, imports) is for the operator alone.
  METRICS_TOKEN: z.string().min(16).or(z.literal('')).optional(),
  // smtp://user:pass@host:587 or smtps://…:465; unset, no mail is sent and the weekly e-mail cannot be chosen.
  SMTP_URL: z
    .url({ protocol: /^smtps?$/, error: 'SMTP_URL must be an smtp:// or smtps:// URL' })
    .or(z.literal(''))
    .optional(),
  MAIL_FROM: z.string().min(3).optional(),
});

/** Sign-in through an OpenID Connect provider (issue 18): its issuer URL and this app's client there. */
export interface OidcConfig {
  issuer: string;
  clientId: string;
  /** Sent to the provider's token endpoint only; never logged. */
  clientSecret: string;
  /** Hide the password form: everyone signs in through the provider. */
  only: boolean;
}

export interface LlmConfig {
  /** Up to and without /chat/completions, e.g. https://api.openai.com/v1 or http://127.0.0.1:11434/v1. */
  baseUrl: string;
  /** Sent as a bearer token; never logged. */
  apiKey?: string;
  model?: string;
  /** A model that has not answered by then is abandoned for the built-in result. */
  timeoutMs: number;
}

/** Outgoing mail (the weekly insight e-mail): where it is handed over, and whom it is from. */
export interface MailConfig {
  /** Carries the SMTP password, if any: never logged. */
  smtpUrl: string;
  from: string;
}

export type LogFormat = 'pretty' | 'json';

export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  databaseUrl: string;
  /** Towards PostgreSQL: connecting, and one statement (an outage answers 503, not hangs). */
  databaseTimeouts: DatabaseTimeouts;
  /**
   * WEB_PROCESSES: HTTP processes sharing the port on PostgreSQL, forked by a primary and tuned for
   * throughput rather than memory (processes/web-cluster.ts); `auto` is one per core. Null (unset): the
   * server answers itself, in one process. SQLite serves one process, so there it is always so (main.ts
   * says so past one); ROLE=worker serves no HTTP, so it is one process whatever this says.
   */
  webProcesses: number | null;
  /** DATABASE_POOL_SIZE: each process's PostgreSQL connections; null: 10, or less to fit (db/pool-budget.ts). */
  databasePoolSize: number | null;
  /**
   * WORKERS: enrichment workers of this server. With several web processes they are spread across them
   * (2 over 4 processes: one each in two, none in the others), and only a process with workers runs the
   * import runner, availability checks and weekly mail. A ROLE=worker process runs WORKERS of its own.
   */
  workers: number;
  /** Links one person may save through the API per minute (imports do not count); more get 429. */
  savesPerMinute: number;
  role: 'web' | 'worker';
  fetchAllow: string[];
  /** An OpenAI-compatible endpoint for summaries, key points and tags; null: the built-in engine only. */
  llm: LlmConfig | null;
  logLevel: string;
  /** pretty: one readable line per event, for a person at a terminal; json: one object per line, for machines. */
  logFormat: LogFormat;
  trustProxy: boolean;
  webDist: string;
  /** Browser-extension origins allowed to call /api (CORS); empty: any Chromium or Firefox extension. */
  extensionOrigins: string[];
  /** SIGNUPS: who may sign up, deciding over Admin → Sign-ups; null: the admin decides. */
  signups: SignupMode | null;
  oidc: OidcConfig | null;
  /** The bearer token GET /metrics asks for (never logged); null: metrics are off and /metrics is a 404. */
  metricsToken: string | null;
  /** SMTP_URL and MAIL_FROM; null: this server sends no mail. */
  mail: MailConfig | null;
}

/** `terminal`: whether stdout is a terminal, where logs are read by a person unless LOG_FORMAT says otherwise. */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  terminal: boolean = process.stdout.isTTY === true,
): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration: ${problems.join('; ')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    databaseUrl: e.DATABASE_URL,
    databaseTimeouts: {
      connectMs: e.DATABASE_CONNECT_TIMEOUT_MS,
      statementMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
    },
    webProcesses: e.WEB_PROCESSES ?? null,
    databasePoolSize: e.DATABASE_POOL_SIZE ?? null,
    workers: e.WORKERS,
    savesPerMinute: e.SAVES_PER_MINUTE,
    role: e.ROLE,
    fetchAllow: e.FETCH_ALLOW.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    llm: e.LLM_BASE_URL
      ? {
          baseUrl: e.LLM_BASE_URL.replace(/\/+$/, ''),
          apiKey: e.LLM_API_KEY || undefined,
          model: e.LLM_MODEL || undefined,
          timeoutMs: e.LLM_TIMEOUT_MS,
        }
      : null,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT ?? (terminal ? 'pretty' : 'json'),
    trustProxy: e.TRUST_PROXY,
    webDist: e.WEB_DIST,
    extensionOrigins: e.EXTENSION_ORIGINS.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    signups: e.SIGNUPS ?? null,
    oidc: oidcConfig(e),
    metricsToken: e.METRICS_TOKEN || null,
    mail: e.SMTP_URL ? { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM ?? defaultFrom(e) } : null,
  };
}

/** Linkvault <linkvault@host of PUBLIC_URL>: an address of the instance's own name, which its operator owns. */
function defaultFrom(e: z.infer<typeof envSchema>): string {
  const host = e.PUBLIC_URL ? new URL(e.PUBLIC_URL).hostname : 'localhost';
  return `Linkvault <linkvault@${host}>`;
}

function oidcConfig(e: z.infer<typeof envSchema>): OidcConfig | null {
  const given = [e.OIDC_ISSUER, e.OIDC_CLIENT_ID, e.OIDC_CLIENT_SECRET].filter(Boolean).length;
  if (given === 0) {
    if (e.OIDC_ONLY)
      throw new Error(
        'Invalid configuration: OIDC_ONLY needs OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET',
      );
    return null;
  }
  if (!e.OIDC_ISSUER || !e.OIDC_CLIENT_ID || !e.OIDC_CLIENT_SECRET) {
    throw new Error('Invalid configuration: OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET go together');
  }
  return {
    issuer: e.OIDC_ISSUER,
    clientId: e.OIDC_CLIENT_ID,
    clientSecret: e.OIDC_CLIENT_SECRET,
    only: e.OIDC_ONLY,
  };
}

/** A config for tests and tools: defaults plus overrides, without reading the environment. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({}, false), logLevel: 'silent', workers: 0, ...overrides };
}
