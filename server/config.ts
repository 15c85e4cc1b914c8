import { z } from 'zod';
import type { DatabaseTimeouts } from './db/database.js';

/** The only reader of process.env (DESIGN.md "Configuration"); parsed once at start-up. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  PUBLIC_URL: z.url().optional(),
  DATABASE_URL: z.string().default('sqlite:./data/linkvault.db'),
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5000),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(15_000),
  WORKERS: z.coerce.number().int().min(0).max(64).default(2),
  SAVES_PER_MINUTE: z.coerce.number().int().min(1).default(2000),
  ROLE: z.enum(['web', 'worker']).default('web'),
  FETCH_ALLOW: z.string().default(''),
  LLM_BASE_URL: z.url().optional(),
  LLM_API_KEY: z.string().optional(),
  LLM_MODEL: z.string().optional(),
  LLM_TIMEOUT_MS: z.coerce.number().int().min(1000).max(300_000).default(20_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z.stringbool().default(false),
  WEB_DIST: z.string().default('dist/web'),
  EXTENSION_ORIGINS: z.string().default(''),
  // Guessable tokens are refused: what /metrics tells (traffic, queue, imports) is for the operator alone.
  METRICS_TOKEN: z.string().min(16).or(z.literal('')).optional(),
});

export interface LlmConfig {
  /** Up to and without /chat/completions, e.g. https://api.openai.com/v1 or http://127.0.0.1:11434/v1. */
  baseUrl: string;
  /** Sent as a bearer token; never logged. */
  apiKey?: string;
  model?: string;
  /** A model that has not answered by then is abandoned for the built-in result. */
  timeoutMs: number;
}

export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  databaseUrl: string;
  /** Towards PostgreSQL: connecting, and one statement (an outage answers 503, not hangs). */
  databaseTimeouts: DatabaseTimeouts;
  workers: number;
  /** Links one person may save through the API per minute (imports do not count); more get 429. */
  savesPerMinute: number;
  role: 'web' | 'worker';
  fetchAllow: string[];
  /** An OpenAI-compatible endpoint for summaries, key points and tags; null: the built-in engine only. */
  llm: LlmConfig | null;
  logLevel: string;
  trustProxy: boolean;
  webDist: string;
  /** Browser-extension origins allowed to call /api (CORS); empty: any Chromium or Firefox extension. */
  extensionOrigins: string[];
  /** The bearer token GET /metrics asks for (never logged); null: metrics are off and /metrics is a 404. */
  metricsToken: string | null;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
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
    trustProxy: e.TRUST_PROXY,
    webDist: e.WEB_DIST,
    extensionOrigins: e.EXTENSION_ORIGINS.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    metricsToken: e.METRICS_TOKEN || null,
  };
}

/** A config for tests and tools: defaults plus overrides, without reading the environment. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({}), logLevel: 'silent', workers: 0, ...overrides };
}
