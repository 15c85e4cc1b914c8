import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { SECRET_BODY_LENGTH, SECRET_PREFIXES } from '../server/lib/secrets.js';
import { CREDENTIAL_HEADERS, REDACTED, SECRET_FIELDS } from '../server/logging/logger.js';
import { TEST_PASSWORD } from './credentials.js';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const CENSORED = escape(REDACTED);

/**
 * What no log line may hold, each with the name a report gives it (never the secret itself): a token the
 * server issued, the tests' password, and a credential header or field under its own name with anything
 * but the censor's mark, as JSON (`"cookie":"lv_refresh=…"`) or as text (`Authorization: Bearer …`).
 * A field called `code` is left to the token patterns: an error's `code` (ECONNRESET) is no secret.
 */
const FORBIDDEN: { name: string; pattern: RegExp }[] = [
  ...Object.entries(SECRET_PREFIXES).map(([kind, prefix]) => ({
    name: `${kind} (${prefix}_…)`,
    pattern: new RegExp(`${prefix}_[\\w-]{${SECRET_BODY_LENGTH}}`),
  })),
  { name: 'the tests’ password', pattern: new RegExp(escape(TEST_PASSWORD)) },
  ...[...CREDENTIAL_HEADERS, ...SECRET_FIELDS.filter((field) => field !== 'code')].map((name) => ({
    name: `${name} value`,
    pattern: new RegExp(`"${escape(name)}":\\s*\\[?\\s*"(?!${CENSORED}")[^"]`, 'i'),
  })),
  ...CREDENTIAL_HEADERS.map((name) => ({
    name: `${name} header`,
    pattern: new RegExp(`(^|[^\\w"-])${escape(name)}:[ \\t]*(?!${CENSORED})[^\\s"]`, 'i'),
  })),
];

/** The names of what `line` must not hold. */
export function secretsIn(line: string): string[] {
  return FORBIDDEN.filter(({ pattern }) => pattern.test(line)).map(({ name }) => name);
}

/**
 * Requests whose 2xx answer proves they carried a credential, so their lines are where a leak would show:
 * a password in the body (and tokens and a refresh cookie in the answer), or a bearer token.
 */
const WITH_PASSWORD = new Set(['/api/auth/signup', '/api/auth/login']);
const WITH_TOKEN = new Set(['/api/links']);

export interface LogReport {
  files: number;
  lines: number;
  /** Lines of http/request-log.ts: one per request. */
  requests: number;
  withPassword: number;
  withToken: number;
  /** `file:line: what`, never the line itself (it holds the secret). */
  findings: string[];
}

interface RequestLine {
  req?: { method?: string; route?: string };
  res?: { statusCode?: number };
}

function parsed(line: string): RequestLine | null {
  if (!line.startsWith('{')) return null;
  try {
    return JSON.parse(line) as RequestLine;
  } catch {
    return null;
  }
}

export function scanLogs(dir: string): LogReport {
  const report: LogReport = { files: 0, lines: 0, requests: 0, withPassword: 0, withToken: 0, findings: [] };
  if (!existsSync(dir)) return report;
  for (const file of readdirSync(dir).sort()) {
    report.files += 1;
    readFileSync(join(dir, file), 'utf8')
      .split('\n')
      .forEach((line, index) => {
        if (!line) return;
        report.lines += 1;
        for (const what of secretsIn(line)) report.findings.push(`${file}:${index + 1}: ${what}`);
        const entry = parsed(line);
        if (!entry?.req?.method || !entry.res) return;
        report.requests += 1;
        const answered = (entry.res.statusCode ?? 0) >= 200 && (entry.res.statusCode ?? 0) < 300;
        const route = entry.req.route ?? '';
        if (answered && WITH_PASSWORD.has(route)) report.withPassword += 1;
        if (answered && WITH_TOKEN.has(route)) report.withToken += 1;
      });
  }
  return report;
}

/**
 * Below these a whole run's logs prove nothing (a logger left silent, request lines gone): the unit
 * tests make thousands of requests, hundreds of them with a password or a token.
 */
export const WHOLE_RUN_MINIMUM = {
  requests: { at: 2000, lines: 'request lines' },
  withPassword: { at: 100, lines: 'lines of requests with a password' },
  withToken: { at: 100, lines: 'lines of requests with a token' },
} as const;

/** What is wrong with a run's logs; `whole`: every unit test file ran, so the logs must show it. */
export function problemsOf(report: LogReport, whole: boolean): string[] {
  const problems = [...report.findings];
  if (!whole) return problems;
  for (const [key, { at, lines }] of Object.entries(WHOLE_RUN_MINIMUM)) {
    const count = report[key as keyof typeof WHOLE_RUN_MINIMUM];
    if (count < at)
      problems.push(`only ${count} ${lines} in a whole run, where at least ${at} were expected`);
  }
  return problems;
}
