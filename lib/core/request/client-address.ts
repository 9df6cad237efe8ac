import ipaddr from "ipaddr.js";
import { log } from "@/lib/core/logging/log";

// The client's address for per-address limits, by the rule of Express's proxy-addr: the hops are
// the socket's address, then the X-Forwarded-For entries from right to left; the client is the
// first hop that is not a trusted proxy (TRUSTED_PROXIES), or the left-most if all are trusted.
// Without TRUSTED_PROXIES that is the socket's address, whatever the client claims.
//
// Route handlers do not see the socket. Our server's front door (server/front-door.cjs, in the
// server `npm start`, `npm run dev` and the e2e server run) appends the socket's address to
// X-Forwarded-For on every request as a proxy would (Next.js itself only sets the header when the client sent none,
// so a client's own value would otherwise pass for ours): its right-most entry is the socket's.
// The integration tests call handlers without a socket; their X-Forwarded-For plays the socket.

/** TRUSTED_PROXIES entries: an address, a CIDR, or loopback / linklocal / uniquelocal (as proxy-addr names them). */
const NAMED: Record<string, string[]> = {
  loopback: ["127.0.0.1/8", "::1/128"],
  linklocal: ["169.254.0.0/16", "fe80::/10"],
  uniquelocal: ["10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "fc00::/7"],
};

type Range = [ipaddr.IPv4 | ipaddr.IPv6, number];
export type TrustRule = (address: string) => boolean;

/** The trust rule for a TRUSTED_PROXIES value; entries that parse as nothing are logged and ignored. */
export function trustRule(value: string | undefined): TrustRule {
  const ranges: Range[] = [];
  for (const entry of (value ?? "").split(",").map((s) => s.trim()).filter(Boolean)) {
    for (const spec of NAMED[entry.toLowerCase()] ?? [entry]) {
      try {
        const [address, bits] = spec.includes("/") ? ipaddr.parseCIDR(spec) : [ipaddr.parse(spec), -1];
        const normal = normalize(address);
        ranges.push([normal, bits === -1 ? (normal.kind() === "ipv4" ? 32 : 128) : normal === address ? bits : bits - 96]);
      } catch {
        log("error", "TRUSTED_PROXIES: ignoring an entry that is not an address, a CIDR or a known name", { entry });
      }
    }
  }
  return (address) => {
    const parsed = parseAddress(address);
    return parsed !== null && ranges.some(([range, bits]) => range.kind() === parsed.kind() && parsed.match(range, bits));
  };
}

function normalize(address: ipaddr.IPv4 | ipaddr.IPv6): ipaddr.IPv4 | ipaddr.IPv6 {
  return address.kind() === "ipv6" && (address as ipaddr.IPv6).isIPv4MappedAddress() ? (address as ipaddr.IPv6).toIPv4Address() : address;
}

function parseAddress(value: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  // ipaddr.js takes no zone index on IPv4 and no brackets; a proxy may send either.
  const bare = value.replace(/^\[(.*)\]$/, "$1");
  return ipaddr.isValid(bare) ? normalize(ipaddr.parse(bare)) : null;
}

/** The hop's canonical spelling (::ffff:127.0.0.1 -> 127.0.0.1), so one client has one bucket key. */
function canonical(hop: string): string {
  const parsed = parseAddress(hop);
  return parsed ? parsed.toString() : hop.slice(0, 64);
}

/** The client's address from the hops, nearest first, by the trust rule. */
export function clientFromHops(hopsNearestFirst: string[], trusted: TrustRule): string {
  for (let i = 0; i < hopsNearestFirst.length; i++) {
    if (i === hopsNearestFirst.length - 1 || !trusted(hopsNearestFirst[i])) return canonical(hopsNearestFirst[i]);
  }
  return "unknown";
}

let cached: { value: string | undefined; rule: TrustRule } | undefined;

/**
 * The client's address of a request, or of its headers (what a server action sees), by the rule at
 * the top of this file. Reads TRUSTED_PROXIES on each use; the rule is made once per value.
 */
export function clientAddress(from: Request | Headers): string {
  const headers = from instanceof Headers ? from : from.headers;
  const value = process.env.TRUSTED_PROXIES;
  if (!cached || cached.value !== value) cached = { value, rule: trustRule(value) };
  const { rule } = cached;
  const hops = (headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((hop) => hop.trim())
    .filter(Boolean)
    .reverse();
  return clientFromHops(hops, rule);
}

/**
 * What per-address limits count under: the address, but an IPv6 address's /64 network. One
 * subscriber (a phone on a carrier's network, a home router) is given a whole /64 and may use any
 * address in it, so counting each address would hand a guesser 2^64 fresh counts (better-auth
 * groups its own limiter's keys the same way).
 */
export function addressLimitKey(address: string): string {
  const parsed = parseAddress(address);
  if (!parsed || parsed.kind() !== "ipv6") return address;
  const network = (parsed as ipaddr.IPv6).parts.slice(0, 4).map((part) => part.toString(16));
  return `${network.join(":")}::/64`;
}

/** The key a request's per-address limits count under (addressLimitKey of its clientAddress). */
export const clientLimitKey = (from: Request | Headers) => addressLimitKey(clientAddress(from));

/**
 * The header that hands this rule's answer to better-auth (its `advanced.ipAddress.ipAddressHeaders`,
 * lib/features/auth/auth.ts): better-auth keys its own limits and records a session's address from it.
 * Whoever hands better-auth a request sets it from clientAddress, over any value the client sent.
 */
export const CLIENT_ADDRESS_HEADER = "x-pcs-client-address";

/** A copy of the headers with CLIENT_ADDRESS_HEADER set by the rule. */
export function withClientAddress(headers: Headers): Headers {
  const copy = new Headers(headers);
  copy.set(CLIENT_ADDRESS_HEADER, clientAddress(headers));
  return copy;
}
