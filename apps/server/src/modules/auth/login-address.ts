import ipaddr from 'ipaddr.js';

/**
 * The address a login counts under. One IPv6 client usually holds a whole /64 and can pick any address in
 * it, so IPv6 counts by its /64; an IPv4 address reached over IPv6 (::ffff:a.b.c.d) counts as itself.
 */
export function throttleAddress(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const parsed = ipaddr.parse(ip);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const v6 = parsed as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().toString();
  return `${ipaddr.IPv6.networkAddressFromCIDR(`${v6.toString()}/64`).toString()}/64`;
}
