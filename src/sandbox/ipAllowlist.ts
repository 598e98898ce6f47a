import { BlockList, isIP } from 'node:net';
import { normalizeAddress } from './http';

/** Parses `a.b.c.d/n`, `::1/128` or a bare address into a subnet; throws on anything else. */
export function parseCidr(cidr: string): { address: string; prefix: number; family: 'ipv4' | 'ipv6' } {
  const [addressPart, prefixPart, ...rest] = cidr.trim().split('/');
  const family = isIP(addressPart);
  if (rest.length > 0 || family === 0) {
    throw new Error(`"${cidr}" is not an IP address or CIDR range.`);
  }
  const max = family === 4 ? 32 : 128;
  const prefix = prefixPart === undefined ? max : Number(prefixPart);
  if (!Number.isInteger(prefix) || prefix < 0 || prefix > max || (prefixPart !== undefined && !/^\d+$/.test(prefixPart))) {
    throw new Error(`"${cidr}" has an invalid prefix length.`);
  }
  return { address: addressPart, prefix, family: family === 4 ? 'ipv4' : 'ipv6' };
}

/** The set of client addresses allowed to call the GraphQL endpoint. */
export class IpAllowlist {
  private readonly list = new BlockList();

  /** Throws when a CIDR is malformed. */
  constructor(readonly cidrs: readonly string[]) {
    for (const c of cidrs) {
      const { address, prefix, family } = parseCidr(c);
      this.list.addSubnet(address, prefix, family);
    }
  }

  /** Whether the peer address is inside one of the ranges. */
  allows(address: string): boolean {
    const a = normalizeAddress(address);
    const family = isIP(a);
    if (family === 0) {
      return false;
    }
    return this.list.check(a, family === 4 ? 'ipv4' : 'ipv6');
  }
}
