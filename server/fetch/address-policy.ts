import ipaddr from 'ipaddr.js';

/**
 * IPv4-compatible IPv6 (::a.b.c.d, deprecated by RFC 4291) embeds an IPv4 address, yet ipaddr.js counts it
 * as unicast; such an address never names a public host, so it is refused with the other embedded forms.
 */
const IPV4_COMPATIBLE = ipaddr.parseCIDR('::/96');

/**
 * Which addresses the fetcher may connect to. Only globally routable unicast addresses are allowed:
 * private, loopback, link-local (cloud metadata at 169.254.169.254), multicast, reserved, CGNAT and the
 * IPv6 forms that embed an IPv4 address (mapped, 6to4, NAT64, Teredo) are all refused, because a saved
 * link must never become a way to reach the server's own network (SSRF).
 * FETCH_ALLOW names hosts or CIDRs that tests (and odd deployments) may reach anyway.
 */
export class AddressPolicy {
  private readonly hosts = new Set<string>();
  private readonly ranges: [ipaddr.IPv4 | ipaddr.IPv6, number][] = [];

  constructor(allow: readonly string[]) {
    for (const entry of allow) {
      if (entry.includes('/') && ipaddr.isValidCIDR(entry)) this.ranges.push(ipaddr.parseCIDR(entry));
      else if (ipaddr.isValid(entry)) {
        const ip = ipaddr.parse(entry);
        this.ranges.push([ip, ip.kind() === 'ipv4' ? 32 : 128]);
      } else this.hosts.add(entry.toLowerCase());
    }
  }

  hostAllowed(hostname: string): boolean {
    return this.hosts.has(hostname.toLowerCase());
  }

  /** True only for what FETCH_ALLOW names (a host, or an IP literal in its ranges), not for public addresses. */
  explicitlyAllows(hostname: string): boolean {
    const literal = literalAddress(hostname);
    return this.hostAllowed(hostname) || (literal !== null && this.inAllowedRange(ipaddr.parse(literal)));
  }

  addressAllowed(address: string): boolean {
    if (!ipaddr.isValid(address)) return false;
    let ip = ipaddr.parse(address);
    if (this.inAllowedRange(ip)) return true;
    if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress()) {
      ip = (ip as ipaddr.IPv6).toIPv4Address();
      if (this.inAllowedRange(ip)) return true;
    }
    if (ip.kind() === 'ipv6' && ip.match(IPV4_COMPATIBLE)) return false;
    return ip.range() === 'unicast';
  }

  private inAllowedRange(ip: ipaddr.IPv4 | ipaddr.IPv6): boolean {
    return this.ranges.some(([net, bits]) => net.kind() === ip.kind() && ip.match([net, bits] as never));
  }
}

/** The bare address of a URL host that is an IP literal ('[::1]' -> '::1'), else null. */
export function literalAddress(hostname: string): string | null {
  const bare = hostname.startsWith('[') ? hostname.slice(1, -1) : hostname;
  return ipaddr.isValid(bare) ? bare : null;
}
