import type { EnrichmentError } from '../../contracts/index.js';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { Agent, request } from 'undici';
import { withAbort } from '../lib/abort.js';
import { AddressPolicy, literalAddress } from './address-policy.js';
import { decode } from './decode.js';

export interface FetchLimits {
  /** For the whole fetch: every hop, headers and body. */
  timeoutMs: number;
  /** Text beyond this is cut off (the page is still enriched from what came). */
  maxBytes: number;
  maxRedirects: number;
}
export const FETCH_LIMITS: Readonly<FetchLimits> = {
  timeoutMs: 10_000,
  maxBytes: 5 * 1024 * 1024,
  maxRedirects: 5,
};

/** How a host name becomes addresses: the system resolver, or a stand-in in tests (no DNS needed). */
export type Resolver = (hostname: string, family: number) => Promise<LookupAddress[]>;

const systemResolver: Resolver = (hostname, family) =>
  new Promise((resolve, reject) => {
    dnsLookup(hostname, { all: true, family }, (err, addresses) => (err ? reject(err) : resolve(addresses)));
  });

export interface FetcherOptions {
  /** Defaults to FETCH_LIMITS; tests shorten them. */
  limits?: Partial<FetchLimits>;
  resolver?: Resolver;
}
export interface FetchOptions {
  method?: 'GET' | 'HEAD';
  /** What body to keep: text (pages, documents) or an image; any other body is dropped unread. */
  want?: 'text' | 'image';
}

const ACCEPT: Record<NonNullable<FetchOptions['want']>, string> = {
  text: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5',
  image: 'image/avif,image/webp,image/png,image/jpeg,image/gif;q=0.9,image/*;q=0.5',
};

export const USER_AGENT = 'LinkvaultBot/1.0 (+https://github.com/linkvault; self-hosted link enrichment)';

/** A fetch the fetcher will not make or finish: retrying cannot help (a forbidden address, a bad scheme). */
/** An address Linkvault does not fetch, and why, in the words a person reads on the link (failure.ts). */
export class FetchRefused extends Error {
  constructor(readonly failure: EnrichmentError) {
    super(failure.message);
  }
}

export interface FetchedPage {
  url: string;
  status: number;
  contentType: string;
  headers: Record<string, string>;
  /**
   * The body of HTML and other text types as it came (pageText() decodes it), or of an image when one
   * was asked for; null for anything else (PDFs, videos …). Its ArrayBuffer is its own, so that the page can be handed to a parsing thread
   * without a copy, and decoded there (page-parser.ts).
   */
  body: Uint8Array<ArrayBuffer> | null;
  truncated: boolean;
}

/** A fetched page's text, decoded as a browser would; null for binary content. */
export function pageText(page: FetchedPage): string | null {
  return page.body && decode(page.body, page.headers['content-type']);
}

/**
 * Fetches untrusted URLs without letting them reach private space. Every hop (redirects are followed by
 * hand, at most 5) is checked: IP literals before connecting, host names in the resolver the socket uses,
 * so the address that was checked is the address connected to (no DNS-rebinding window).
 */
export class SafeFetcher {
  private readonly policy: AddressPolicy;
  private readonly agent: Agent;
  private readonly limits: FetchLimits;
  private readonly resolver: Resolver;

  constructor(allow: readonly string[] = [], options: FetcherOptions = {}) {
    this.policy = new AddressPolicy(allow);
    this.limits = { ...FETCH_LIMITS, ...options.limits };
    this.resolver = options.resolver ?? systemResolver;
    this.agent = new Agent({
      connect: { lookup: this.guardedLookup, timeout: this.limits.timeoutMs },
      headersTimeout: this.limits.timeoutMs,
      bodyTimeout: this.limits.timeoutMs,
    });
  }

  /**
   * The time limit covers every hop and the whole body; `signal` (a worker being stopped) abandons it.
   * HEAD asks only whether the page is there (availability checks): it comes back with no body.
   * `want: 'image'` asks for a picture and keeps an image/* body (preview images) instead of text.
   */
  async fetch(rawUrl: string, signal?: AbortSignal, options: FetchOptions = {}): Promise<FetchedPage> {
    this.checkUrl(rawUrl);
    return withAbort([AbortSignal.timeout(this.limits.timeoutMs), signal], (fetching) =>
      this.follow(rawUrl, fetching, options),
    );
  }

  private async follow(
    rawUrl: string,
    signal: AbortSignal,
    { method = 'GET', want = 'text' }: FetchOptions,
  ): Promise<FetchedPage> {
    let url = rawUrl;
    for (let hop = 0; hop <= this.limits.maxRedirects; hop += 1) {
      const response = await request(url, {
        dispatcher: this.agent,
        method,
        signal,
        headers: {
          'user-agent': USER_AGENT,
          accept: ACCEPT[want],
          'accept-language': 'en;q=0.9,*;q=0.5',
        },
      });
      const location = response.headers.location;
      if (response.statusCode >= 300 && response.statusCode < 400 && location) {
        await response.body.dump();
        url = new URL(String(location), url).toString();
        this.checkUrl(url);
        continue;
      }
      return this.read(url, response, want);
    }
    throw new FetchRefused({
      reason: 'unreachable',
      message: `More than ${this.limits.maxRedirects} redirects`,
    });
  }

  async close(): Promise<void> {
    await this.agent.close();
  }

  private checkUrl(url: string): void {
    const parsed = URL.canParse(url) ? new URL(url) : null;
    if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) {
      throw new FetchRefused({ reason: 'not_web_page', message: 'Not a web page' });
    }
    if (parsed.username || parsed.password)
      throw new FetchRefused({
        reason: 'not_allowed',
        message: 'Addresses with a user name or password are not fetched',
      });
    const literal = literalAddress(parsed.hostname);
    if (literal && !this.policy.hostAllowed(parsed.hostname) && !this.policy.addressAllowed(literal)) {
      throw new FetchRefused(privateAddress(literal));
    }
  }

  /** The resolver the socket connects with: refuses the host if any of its addresses is forbidden. */
  private readonly guardedLookup: LookupFunction = (hostname, options, callback) => {
    const answer = (err: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => {
      if (err) return callback(err, '', 0);
      const allowedHost = this.policy.hostAllowed(hostname);
      const bad = addresses.find((a) => !allowedHost && !this.policy.addressAllowed(a.address));
      if (bad || addresses.length === 0) {
        return callback(new FetchRefused(privateAddress(bad?.address ?? '(none)', hostname)), '', 0);
      }
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      const first = addresses[0] as LookupAddress;
      return callback(null, first.address, first.family);
    };
    const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : (options.family ?? 0);
    this.resolver(hostname, family).then(
      (addresses) => answer(null, addresses),
      (err: NodeJS.ErrnoException) => answer(err, []),
    );
  };

  private async read(
    url: string,
    response: Awaited<ReturnType<typeof request>>,
    want: FetchOptions['want'],
  ): Promise<FetchedPage> {
    const headers = Object.fromEntries(
      Object.entries(response.headers).map(([k, v]) => [
        k,
        Array.isArray(v) ? v.join(', ') : String(v ?? ''),
      ]),
    );
    const contentType = (headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
    const isText =
      contentType === '' ||
      contentType.startsWith('text/') ||
      contentType.includes('xml') ||
      contentType.includes('json');
    // Pictures are often served untyped or as bytes; the image decoder, not the header, says what they are.
    const maybePicture =
      contentType.startsWith('image/') || contentType === '' || contentType === 'application/octet-stream';
    const wanted = want === 'image' ? maybePicture : isText;
    if (!wanted) {
      await response.body.dump();
      return { url, status: response.statusCode, contentType, headers, body: null, truncated: false };
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let truncated = false;
    for await (const chunk of response.body) {
      const buffer = chunk as Buffer;
      chunks.push(buffer);
      size += buffer.length;
      if (size >= this.limits.maxBytes) {
        truncated = true;
        break;
      }
    }
    if (truncated) response.body.destroy();
    // Not Buffer.concat: a small Buffer is a slice of Node's shared pool, which must never be transferred.
    const body = new Uint8Array(Math.min(size, this.limits.maxBytes));
    let filled = 0;
    for (const chunk of chunks) {
      const part = chunk.subarray(0, body.length - filled);
      body.set(part, filled);
      filled += part.length;
    }
    return { url, status: response.statusCode, contentType, headers, body, truncated };
  }
}

/** SSRF: private, loopback, link-local and reserved addresses are never fetched (README "Enrichment"). */
function privateAddress(address: string, hostname?: string): EnrichmentError {
  const where = hostname ? `${hostname} (${address})` : address;
  return { reason: 'not_allowed', message: `${where} is a private address, which Linkvault does not fetch` };
}
