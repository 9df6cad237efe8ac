import ipaddr from "ipaddr.js";

// The SSRF guard's rule for one IP address: only global unicast may receive a webhook. Every
// special range ipaddr.js knows (private, loopback, link-local incl. 169.254.169.254, CGNAT,
// multicast, unspecified, broadcast, unique-local incl. fd00:ec2::254, reserved, benchmarking,
// documentation, NAT64/6to4/Teredo...) is refused, so a range we forgot to list cannot slip
// through. IPv6 outside 2000::/3 (the only block IANA allocates as global unicast) is refused
// too: ipaddr.js calls e.g. ::a9fe:a9fe or ::1:0:0:1 "unicast", and some stacks route them.
//
// An IPv6 address that carries an IPv4 address (IPv4-mapped, IPv4-compatible, SIIT, NAT64, 6to4,
// Teredo) is judged by the IPv4 it carries, and the reason names it: a listener or translator may
// deliver it to that IPv4 host. Only the mapped form of a public IPv4 is allowed (the socket then
// connects to that IPv4 itself); the translation forms are refused whatever they carry, since the
// translator that would forward them is not ours to trust.

export type AddressVerdict = { allowed: true } | { allowed: false; reason: string };

const GLOBAL_UNICAST = ipaddr.parseCIDR("2000::/3");

/** The IPv4 address an IPv6 address embeds, and how, or null. */
export function embeddedIPv4(address: ipaddr.IPv6): { ipv4: ipaddr.IPv4; form: string } | null {
  const bytes = address.toByteArray();
  const words = address.parts;
  const v4 = (offset: number, xor = 0) => new ipaddr.IPv4(bytes.slice(offset, offset + 4).map((b) => b ^ xor));
  const range = address.range();
  if (range === "ipv4Mapped") return { ipv4: address.toIPv4Address(), form: "IPv4-mapped" };
  if (range === "rfc6145") return { ipv4: v4(12), form: "IPv4-translated" };
  if (range === "rfc6052") return { ipv4: v4(12), form: "NAT64" };
  if (range === "6to4") return { ipv4: v4(2), form: "6to4" };
  // Teredo: the client's IPv4 address is the last 32 bits, inverted.
  if (range === "teredo") return { ipv4: v4(12, 0xff), form: "Teredo" };
  // IPv4-compatible (::a.b.c.d, deprecated): the first 96 bits are zero; :: and ::1 are not.
  if (words.slice(0, 6).every((w) => w === 0) && (words[6] !== 0 || words[7] > 1)) return { ipv4: v4(12), form: "IPv4-compatible" };
  return null;
}

export function classifyAddress(address: string): AddressVerdict {
  const bare = address.startsWith("[") && address.endsWith("]") ? address.slice(1, -1) : address;
  if (!ipaddr.isValid(bare)) return { allowed: false, reason: `${address} is not an IP address` };
  const parsed = ipaddr.parse(bare);
  if (parsed.kind() === "ipv4") {
    const range = parsed.range();
    return range === "unicast" ? { allowed: true } : { allowed: false, reason: `${address} is a ${range} address` };
  }

  const ipv6 = parsed as ipaddr.IPv6;
  const embedded = embeddedIPv4(ipv6);
  if (embedded) {
    const carried = embedded.ipv4.range();
    const what = `${embedded.form} ${embedded.ipv4}`;
    if (carried !== "unicast") return { allowed: false, reason: `${address} is a ${carried} address (${what})` };
    if (embedded.form === "IPv4-mapped") return { allowed: true };
    // ipaddr.js has no range for the deprecated compatible form: it lies in IETF-reserved ::/8.
    const outer = embedded.form === "IPv4-compatible" ? "reserved" : ipv6.range();
    return { allowed: false, reason: `${address} is a ${outer} address (${what})` };
  }
  const range = ipv6.range();
  if (range !== "unicast") return { allowed: false, reason: `${address} is a ${range} address` };
  if (!ipv6.match(GLOBAL_UNICAST)) return { allowed: false, reason: `${address} is a reserved address (outside 2000::/3)` };
  return { allowed: true };
}
