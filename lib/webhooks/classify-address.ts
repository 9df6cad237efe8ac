import ipaddr from "ipaddr.js";

// The SSRF guard's rule for one IP address: only global unicast may receive a webhook. Every
// special range ipaddr.js knows (private, loopback, link-local incl. 169.254.169.254, CGNAT,
// multicast, unspecified, broadcast, unique-local incl. fd00:ec2::254, reserved, benchmarking,
// documentation, NAT64/6to4/Teredo that embed an IPv4 address...) is refused, so a range we
// forgot to list cannot slip through. IPv4-mapped IPv6 (::ffff:127.0.0.1) is judged as the IPv4
// address it carries.

export type AddressVerdict = { allowed: true } | { allowed: false; reason: string };

export function classifyAddress(address: string): AddressVerdict {
  const bare = address.startsWith("[") && address.endsWith("]") ? address.slice(1, -1) : address;
  if (!ipaddr.isValid(bare)) return { allowed: false, reason: `${address} is not an IP address` };
  let parsed = ipaddr.parse(bare);
  if (parsed.kind() === "ipv6" && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  const range = parsed.range();
  if (range === "unicast") return { allowed: true };
  return { allowed: false, reason: `${address} is a ${range} address` };
}
