/**
 * Whether the browser may load `url` for a picture: a web address whose host is not this computer or a
 * private network (issue "Organise a big library by hand": preview images never from a private address).
 * A page's og:image is the page's own word; one pointing at a router or an intranet server would make the
 * person's browser call it. Names the browser resolves are not seen here: only literal addresses and the
 * names reserved for local networks.
 */
export function isPublicImageUrl(url: string | null): url is string {
  if (!url || !URL.canParse(url)) return false;
  const { protocol, hostname } = new URL(url);
  if (protocol !== 'https:' && protocol !== 'http:') return false;
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (host === 'localhost' || /\.(localhost|local|internal|lan|home\.arpa)$/.test(host)) return false;
  if (host.includes(':')) return !privateIpv6(host);
  const octets = host.split('.').map(Number);
  if (octets.length === 4 && octets.every((n) => Number.isInteger(n) && n >= 0 && n <= 255)) {
    return !privateIpv4(octets);
  }
  return true;
}

function privateIpv4([a = 0, b = 0]: number[]): boolean {
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b <= 127) ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    a >= 224
  );
}

function privateIpv6(host: string): boolean {
  if (host === '::' || host === '::1') return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(host);
  if (mapped?.[1]) return privateIpv4(mapped[1].split('.').map(Number));
  // The URL parser writes a mapped IPv4 address in hex (::ffff:c0a8:101): private unless proven public.
  if (host.startsWith('::ffff:')) return true;
  return /^(fc|fd|fe[89ab])/.test(host);
}
