import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import ipaddr from 'ipaddr.js';
import { Agent } from 'undici';

/**
 * Requests the server makes to addresses users give it (reward callbacks) must not reach our
 * own network: loopback, private, link-local (cloud metadata at 169.254.169.254), carrier-grade
 * NAT, unique-local, multicast and reserved ranges are refused, unless a range is allowed
 * explicitly (OUTBOUND_ALLOW_CIDRS, for self-hosted setups). Checked on the address a name
 * resolves to at connection time, so a public name pointing inside is refused too.
 */
export class OutboundPolicy {
  private readonly allowed: [ipaddr.IPv4 | ipaddr.IPv6, number][];

  constructor(allowCidrs: string[] = []) {
    this.allowed = allowCidrs.map((c) => ipaddr.parseCIDR(c));
  }

  /** Why this address may not be called, or null when it may. */
  refusal(address: string): string | null {
    let ip: ipaddr.IPv4 | ipaddr.IPv6;
    try {
      ip = ipaddr.process(address);
    } catch {
      return 'not an IP address';
    }
    for (const [net, bits] of this.allowed) {
      if (net.kind() === ip.kind() && ip.match(net, bits)) return null;
    }
    const range = ip.range();
    return range === 'unicast' ? null : range;
  }

  /** Save-time check of a URL: literal addresses and local names (the delivery checks names). */
  urlRefusal(url: string): string | null {
    let host: string;
    try {
      host = new URL(url).hostname.replace(/^\[|\]$/g, '').toLowerCase();
    } catch {
      return 'not a URL';
    }
    if (ipaddr.isValid(host)) return this.refusal(host);
    if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local') || host.endsWith('.internal')) {
      // Local names are loopback: refused unless loopback is allowed.
      return this.refusal('127.0.0.1') ? 'a local name' : null;
    }
    return null;
  }

  /** An undici dispatcher whose connections only go to addresses this policy allows. */
  dispatcher(): Agent {
    return new Agent({
      connect: {
        lookup: (hostname, options, callback) => {
          dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
            if (err) return callback(err, '', 0);
            const list = addresses as LookupAddress[];
            const bad = list.map((a) => ({ a, why: this.refusal(a.address) })).find((x) => x.why);
            if (bad) {
              const e = Object.assign(
                new Error(`${hostname} resolves to ${bad.a.address} (${bad.why}), which is not allowed`),
                { code: 'EADDRNOTALLOWED' },
              );
              return callback(e, '', 0);
            }
            if (options.all) return callback(null, list as never, 0);
            return callback(null, list[0].address, list[0].family);
          });
        },
      },
    });
  }
}
