import type { LookupAddress } from 'node:dns';
import type { ServerResponse } from 'node:http';
import { type Server, type Socket, createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { html, usePageServer } from '../../test/page-server.js';
import { AddressPolicy } from './address-policy.js';
import {
  FETCH_LIMITS,
  FetchRefused,
  type Resolver,
  SafeFetcher,
  USER_AGENT,
  pageText,
} from './safe-fetcher.js';

/**
 * Every TCP connection this test process opens goes through libuv's TCP handle; wrapping its connect
 * methods records each attempt with its address, before any packet is sent. Only the test's own servers
 * on 127.0.0.1 may actually be reached: any other attempt is recorded and refused on the spot, so even a
 * fetcher bug could not send traffic to a private or public address from this test.
 */
function useConnectSpy(reachable: () => number[]) {
  const attempts: string[] = [];
  type Connect = (this: unknown, req: unknown, address: string, port: number, ...rest: unknown[]) => number;
  const binding = (
    process as unknown as { binding(name: string): { TCP: { prototype: Record<string, Connect> } } }
  ).binding('tcp_wrap');
  const originals = new Map<string, Connect>();
  const UV_ECONNREFUSED = -111;
  beforeAll(() => {
    for (const method of ['connect', 'connect6']) {
      const original = binding.TCP.prototype[method] as Connect;
      originals.set(method, original);
      binding.TCP.prototype[method] = function (this: unknown, req, address, port, ...rest) {
        attempts.push(`${address}:${port}`);
        if (address !== '127.0.0.1' || !reachable().includes(port)) return UV_ECONNREFUSED;
        return original.call(this, req, address, port, ...rest);
      };
    }
  });
  afterAll(() => {
    for (const [method, original] of originals) binding.TCP.prototype[method] = original;
  });
  return attempts;
}

/** A TCP listener standing for a service on the loopback interface: it must never see a connection. */
function useTrap() {
  const trap = { port: 0, connections: 0 };
  const sockets = new Set<Socket>();
  let server: Server;
  beforeAll(async () => {
    server = createServer((socket) => {
      trap.connections += 1;
      sockets.add(socket);
      socket.destroy();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    trap.port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return trap;
}

/** A stand-in DNS: test host names resolve to forbidden addresses without asking any real resolver. */
function fakeDns(names: Record<string, string[]>) {
  const lookups: string[] = [];
  const resolver: Resolver = (hostname) => {
    lookups.push(hostname);
    const addresses = names[hostname.toLowerCase()];
    if (!addresses) {
      return Promise.reject(
        Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }),
      );
    }
    return Promise.resolve(
      addresses.map((address): LookupAddress => ({ address, family: address.includes(':') ? 6 : 4 })),
    );
  };
  return { resolver, lookups };
}

const HOSTILE_NAMES: Record<string, string[]> = {
  localhost: ['127.0.0.1', '::1'],
  'localhost.': ['127.0.0.1', '::1'],
  'loopback.test': ['127.0.0.1'],
  'loopback-other.test': ['127.53.0.9'],
  'private10.test': ['10.0.0.7'],
  'private172.test': ['172.20.1.2'],
  'private192.test': ['192.168.1.1'],
  'metadata.google.internal': ['169.254.169.254'],
  'cgnat.test': ['100.100.100.200'],
  'zero.test': ['0.0.0.0'],
  'multicast.test': ['239.255.255.250'],
  'ula6.test': ['fd00:ec2::254'],
  'linklocal6.test': ['fe80::1'],
  'loopback6.test': ['::1'],
  'mapped6.test': ['::ffff:10.0.0.1'],
  // One good address does not excuse a bad one: an attacker controls the order.
  'mixed.test': ['93.184.216.34', '10.0.0.1'],
  'mixed6.test': ['2606:4700:4700::1111', 'fc00::5'],
};

/** `{P}` is the trap's port: the loopback forms must fail before ever reaching it. */
const HOSTILE_URLS: [string, string][] = [
  // loopback in every spelling the URL parser accepts
  ['http://127.0.0.1:{P}/', 'loopback'],
  ['http://127.0.0.1.:{P}/', 'loopback, trailing dot'],
  ['http://127.1:{P}/', 'loopback, short form'],
  ['http://2130706433:{P}/', 'loopback, decimal'],
  ['http://0x7f000001:{P}/', 'loopback, hex'],
  ['http://0x7f.0x0.0x0.0x1:{P}/', 'loopback, hex octets'],
  ['http://017700000001:{P}/', 'loopback, octal'],
  ['http://0177.0.0.01:{P}/', 'loopback, octal octets'],
  ['http://127.255.255.254:{P}/', 'loopback, end of 127/8'],
  ['http://%31%32%37.0.0.1:{P}/', 'loopback, percent-encoded'],
  ['http://０x7f.1:{P}/', 'loopback, full-width digits'],
  ['http://[::1]:{P}/', 'IPv6 loopback'],
  ['http://[0:0:0:0:0:0:0:1]:{P}/', 'IPv6 loopback, long form'],
  ['http://[::ffff:127.0.0.1]:{P}/', 'IPv4-mapped IPv6 loopback'],
  ['http://[::ffff:7f00:1]:{P}/', 'IPv4-mapped IPv6 loopback, hex'],
  ['http://[::127.0.0.1]:{P}/', 'IPv4-compatible IPv6 loopback'],
  ['http://0.0.0.0:{P}/', 'unspecified (reaches this host)'],
  ['http://0:{P}/', 'unspecified, short form'],
  ['http://[::]:{P}/', 'IPv6 unspecified'],
  ['http://localhost:{P}/', 'localhost'],
  ['http://LOCALHOST.:{P}/', 'localhost, upper case with trailing dot'],
  ['http://loopback.test:{P}/', 'host name resolving to loopback'],
  ['http://loopback-other.test:{P}/', 'host name resolving to 127.53.0.9'],
  ['http://loopback6.test:{P}/', 'host name resolving to ::1'],
  // private networks
  ['http://10.0.0.1/', 'private 10/8'],
  ['http://10.1/', 'private 10/8, short form'],
  ['http://0x0a.0.0.1/admin', 'private 10/8, hex octet'],
  ['http://172.16.0.1/', 'private 172.16/12'],
  ['http://172.31.255.254/', 'private 172.16/12, end'],
  ['http://192.168.0.1/', 'private 192.168/16'],
  ['http://3232235777/', 'private 192.168.1.1, decimal'],
  ['http://100.64.0.1/', 'carrier-grade NAT'],
  ['http://private10.test/', 'host name resolving to 10/8'],
  ['http://private172.test/', 'host name resolving to 172.16/12'],
  ['http://private192.test/', 'host name resolving to 192.168/16'],
  ['http://cgnat.test/', 'host name resolving to CGNAT (Alibaba metadata)'],
  ['http://mixed.test/', 'host name with one public and one private address'],
  // link-local and cloud metadata
  ['http://169.254.169.254/latest/meta-data/', 'cloud metadata'],
  ['http://2852039166/latest/meta-data/', 'cloud metadata, decimal'],
  ['http://0xa9fea9fe/', 'cloud metadata, hex'],
  ['http://0251.0376.0251.0376/', 'cloud metadata, octal'],
  ['http://[::ffff:169.254.169.254]/', 'cloud metadata, IPv4-mapped'],
  ['http://[::ffff:a9fe:a9fe]/', 'cloud metadata, IPv4-mapped hex'],
  ['http://metadata.google.internal/computeMetadata/v1/', 'cloud metadata by name'],
  ['http://[fd00:ec2::254]/', 'AWS IPv6 metadata (unique-local)'],
  ['http://[fe80::1]/', 'IPv6 link-local'],
  ['http://linklocal6.test/', 'host name resolving to IPv6 link-local'],
  // unique-local, multicast, reserved, IPv4 embedded in IPv6
  ['http://[fc00::1]/', 'unique-local fc00::/7'],
  ['http://[fdff:ffff::1]/', 'unique-local, end of fc00::/7'],
  ['http://ula6.test/', 'host name resolving to unique-local'],
  ['http://mixed6.test/', 'host name with one public and one unique-local IPv6 address'],
  ['http://mapped6.test/', 'host name resolving to IPv4-mapped private'],
  ['http://224.0.0.1/', 'multicast'],
  ['http://239.255.255.250/', 'multicast SSDP'],
  ['http://multicast.test/', 'host name resolving to multicast'],
  ['http://[ff02::1]/', 'IPv6 multicast'],
  ['http://255.255.255.255/', 'broadcast'],
  ['http://240.0.0.1/', 'reserved 240/4'],
  ['http://192.0.2.10/', 'documentation TEST-NET-1'],
  ['http://198.18.0.1/', 'benchmarking 198.18/15'],
  ['http://192.0.0.170/', 'IETF protocol assignments'],
  ['http://[2001:db8::1]/', 'IPv6 documentation'],
  ['http://[100::1]/', 'IPv6 discard'],
  ['http://[64:ff9b::a00:1]/', 'NAT64 of 10.0.0.1'],
  ['http://[2002:a00:1::1]/', '6to4 of 10.0.0.1'],
  ['http://[2001:0:a00:1::1]/', 'Teredo'],
  ['http://zero.test/', 'host name resolving to 0.0.0.0'],
  // schemes other than http(s), credentials, nonsense
  ['file:///etc/passwd', 'file scheme'],
  ['ftp://example.com/file', 'ftp scheme'],
  ['gopher://127.0.0.1:70/_stats', 'gopher scheme'],
  ['dict://127.0.0.1:11211/stat', 'dict scheme'],
  ['ws://example.com/socket', 'websocket scheme'],
  ['data:text/html,<h1>hi</h1>', 'data scheme'],
  ['javascript:alert(1)', 'javascript scheme'],
  ['http://user:secret@example.com/', 'credentials in the URL'],
  ['https://token@example.com/', 'user name in the URL'],
  ['http://user:pw@127.0.0.1:{P}/', 'credentials and loopback'],
  ['not a url at all', 'not a URL'],
  ['http://[fe80::1%25eth0]/', 'IPv6 with a zone id'],
];

describe('SafeFetcher: hostile addresses', () => {
  const trap = useTrap();
  // The trap is reachable, so that it is a real witness: had the fetcher connected, it would have counted.
  const attempts = useConnectSpy(() => [trap.port]);
  const dns = fakeDns(HOSTILE_NAMES);
  const fetcher = new SafeFetcher([], { resolver: dns.resolver, limits: { timeoutMs: 2_000 } });
  afterAll(() => fetcher.close());

  it('lists at least 40 hostile URLs', () => {
    expect(HOSTILE_URLS.length).toBeGreaterThanOrEqual(40);
  });

  it.each(HOSTILE_URLS)('refuses %s (%s) before connecting', async (template) => {
    const url = template.replace('{P}', String(trap.port));
    const before = attempts.length;
    await expect(fetcher.fetch(url)).rejects.toBeInstanceOf(FetchRefused);
    expect(attempts.slice(before)).toEqual([]);
  });

  it('made no connection at all: the trap on 127.0.0.1 saw nobody and no socket connected', () => {
    expect(trap.connections).toBe(0);
    expect(attempts).toEqual([]);
  });

  it('refused IP literals without even resolving; host names in the resolver the socket uses', () => {
    expect(new Set(dns.lookups)).toEqual(
      new Set(
        Object.keys(HOSTILE_NAMES).filter((name) =>
          HOSTILE_URLS.some(
            ([u]) => u.toLowerCase().includes(`//${name}:`) || u.toLowerCase().includes(`//${name}/`),
          ),
        ),
      ),
    );
  });

  it('refuses localhost through the system resolver too', async () => {
    const system = new SafeFetcher();
    await expect(system.fetch(`http://localhost:${trap.port}/`)).rejects.toBeInstanceOf(FetchRefused);
    await system.close();
    expect(trap.connections).toBe(0);
    expect(attempts).toEqual([]);
  });
});

describe('AddressPolicy', () => {
  const policy = new AddressPolicy([]);
  it.each(['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '2a00:1450:4001::200e'])(
    'allows the public address %s',
    (address) => expect(policy.addressAllowed(address)).toBe(true),
  );
  it.each(['::ffff:8.8.8.8'])('allows the IPv4-mapped public address %s', (address) =>
    expect(policy.addressAllowed(address)).toBe(true),
  );
  it('lets FETCH_ALLOW open hosts and ranges, and nothing more', () => {
    const allow = new AddressPolicy(['127.0.0.1', '10.9.0.0/16', 'intranet.local']);
    expect(allow.addressAllowed('127.0.0.1')).toBe(true);
    expect(allow.addressAllowed('::ffff:127.0.0.1')).toBe(true);
    expect(allow.addressAllowed('127.0.0.2')).toBe(false);
    expect(allow.addressAllowed('::1')).toBe(false);
    expect(allow.addressAllowed('10.9.200.1')).toBe(true);
    expect(allow.addressAllowed('10.10.0.1')).toBe(false);
    expect(allow.hostAllowed('Intranet.Local')).toBe(true);
    expect(allow.addressAllowed('not an address')).toBe(false);
  });
});

describe('SafeFetcher: redirects, limits and content', () => {
  const pages = usePageServer();
  const trap = useTrap();
  const attempts = useConnectSpy(() => [Number(new URL(pages.origin).port), trap.port]);
  const dns = fakeDns({ ...HOSTILE_NAMES, 'pages.test': ['127.0.0.1'] });
  const fetcher = new SafeFetcher(['127.0.0.1'], { resolver: dns.resolver });
  afterAll(() => fetcher.close());
  const pagePort = () => Number(new URL(pages.origin).port);
  const redirect =
    (location: string, status = 302) =>
    (_req: unknown, res: ServerResponse) =>
      res.writeHead(status, { location }).end();
  let before = 0;
  beforeEach(() => {
    before = attempts.length;
  });
  /** The connections made since the test began, all to the page server. */
  const connectedOnlyToPages = () => {
    for (const attempt of attempts.slice(before)) expect(attempt).toBe(`127.0.0.1:${pagePort()}`);
  };

  it('follows redirects on allowed addresses and sends a clear user agent', async () => {
    let userAgent: string | undefined;
    pages.routes['/start'] = redirect('/middle', 301);
    pages.routes['/middle'] = redirect(`http://pages.test:${pagePort()}/end`, 307);
    pages.routes['/end'] = (req, res) => {
      userAgent = req.headers['user-agent'];
      html('<title>End</title>')(req, res);
    };
    const page = await fetcher.fetch(pages.url('/start'));
    expect(page).toMatchObject({
      url: `http://pages.test:${pagePort()}/end`,
      status: 200,
      contentType: 'text/html',
    });
    expect(pageText(page)).toContain('<title>End</title>');
    expect(userAgent).toBe(USER_AGENT);
    expect(USER_AGENT).toMatch(/^LinkvaultBot\/\d/);
    // The spy sees real connections (so its silence in the hostile cases means something).
    expect(attempts.length).toBeGreaterThan(before);
    connectedOnlyToPages();
  });

  it.each([
    'http://10.0.0.1/',
    'http://169.254.169.254/latest/meta-data/iam/security-credentials/',
    'http://0xa9fea9fe/',
    'http://[::1]:{P}/',
    'http://[::ffff:a9fe:a9fe]/',
    'http://localhost:{P}/',
    'http://private10.test/',
    'http://metadata.google.internal/',
    'http://mixed.test/',
    'http://user:pw@127.0.0.1:{PAGES}/end',
    'file:///etc/passwd',
    'gopher://127.0.0.1:{P}/',
  ])('refuses a redirect into private space or another scheme: %s', async (target) => {
    const location = target.replace('{P}', String(trap.port)).replace('{PAGES}', String(pagePort()));
    pages.routes['/bounce'] = redirect(location);
    pages.routes['/bounce-twice'] = redirect('/bounce', 303);
    await expect(fetcher.fetch(pages.url('/bounce-twice'))).rejects.toBeInstanceOf(FetchRefused);
    connectedOnlyToPages();
    expect(trap.connections).toBe(0);
  });

  it(`follows at most ${FETCH_LIMITS.maxRedirects} redirects`, async () => {
    expect(FETCH_LIMITS.maxRedirects).toBe(5);
    for (let hop = 0; hop < 6; hop += 1) pages.routes[`/hop/${hop}`] = redirect(`/hop/${hop + 1}`);
    pages.routes['/hop/6'] = html('<title>Far away</title>');
    // Five redirects (hop 1 → 6) are followed; six (hop 0 → 6) are one too many.
    expect(pageText(await fetcher.fetch(pages.url('/hop/1')))).toContain('Far away');
    await expect(fetcher.fetch(pages.url('/hop/0'))).rejects.toThrow(/More than 5 redirects/);
  });

  it('keeps a body in an ArrayBuffer of its own, so that it can be moved to a parsing thread', async () => {
    pages.routes['/small'] = html('<title>Small</title>');
    const { body } = await fetcher.fetch(pages.url('/small'));
    expect(body && new TextDecoder().decode(body)).toContain('Small');
    // A small Buffer is a slice of Node's shared pool, which must not be transferred.
    expect(body?.byteOffset).toBe(0);
    expect(body?.buffer.byteLength).toBe(body?.byteLength);
  });

  it('cuts a body at the size limit (5 MB by default) and says so', async () => {
    expect(FETCH_LIMITS.maxBytes).toBe(5 * 1024 * 1024);
    const chunk = `<p>${'x'.repeat(1020)}</p>`;
    pages.routes['/huge'] = (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      let sent = 0;
      const more = () => {
        // 8 MB, but the client stops reading at 5 MB and closes the connection.
        while (sent < 8 * 1024 && res.write(chunk)) sent += 1;
        if (sent < 8 * 1024) res.once('drain', more);
        else res.end();
      };
      res.on('close', () => res.removeAllListeners('drain'));
      more();
    };
    const page = await fetcher.fetch(pages.url('/huge'));
    expect(page.truncated).toBe(true);
    expect(page.body?.length).toBeLessThanOrEqual(FETCH_LIMITS.maxBytes);
    expect(page.body?.length).toBeGreaterThan(FETCH_LIMITS.maxBytes - 64 * 1024);
  });

  it('gives up on a server that never answers, and on one that never stops, within the time limit', async () => {
    expect(FETCH_LIMITS.timeoutMs).toBe(10_000);
    const quick = new SafeFetcher(['127.0.0.1'], { limits: { timeoutMs: 500 } });
    pages.routes['/silent'] = () => undefined; // accepts the request, never answers
    pages.routes['/endless'] = (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      const timer = setInterval(() => res.write('<div>more</div>'), 20);
      res.on('close', () => clearInterval(timer));
    };
    for (const path of ['/silent', '/endless']) {
      await expect(quick.fetch(pages.url(path))).rejects.toMatchObject({ name: 'TimeoutError' });
    }
    await quick.close();
  });

  it('reads images, PDFs and other binary types from headers only', async () => {
    pages.routes['/photo.jpg'] = (_req, res) =>
      res.writeHead(200, { 'content-type': 'image/jpeg' }).end(Buffer.alloc(200_000, 1));
    pages.routes['/paper.pdf'] = (_req, res) =>
      res.writeHead(200, { 'content-type': 'application/pdf' }).end('%PDF-1.7');
    expect(await fetcher.fetch(pages.url('/photo.jpg'))).toMatchObject({
      contentType: 'image/jpeg',
      body: null,
    });
    expect(await fetcher.fetch(pages.url('/paper.pdf'))).toMatchObject({
      contentType: 'application/pdf',
      body: null,
    });
  });
});
