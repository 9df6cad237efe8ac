import { afterEach, describe, expect, it } from "vitest";
import { CLIENT_ADDRESS_HEADER, addressLimitKey, clientAddress, clientFromHops, trustRule, withClientAddress } from "./client-address";

/** A request as the app sees it behind server/front-door.cjs: the socket's address appended last. */
const seen = (socket: string, claimed?: string) =>
  new Request("http://app.test/public/gateways/deposit/list", { headers: { "x-forwarded-for": claimed ? `${claimed}, ${socket}` : socket } });

afterEach(() => {
  delete process.env.TRUSTED_PROXIES;
});

describe("clientAddress without TRUSTED_PROXIES", () => {
  it("is the socket's address, whatever X-Forwarded-For the client sent", () => {
    expect(clientAddress(seen("203.0.113.7"))).toBe("203.0.113.7");
    expect(clientAddress(seen("203.0.113.7", "1.2.3.4"))).toBe("203.0.113.7");
    expect(clientAddress(seen("203.0.113.7", "1.2.3.4, 5.6.7.8"))).toBe("203.0.113.7");
    expect(clientAddress(seen("203.0.113.7", "not an address"))).toBe("203.0.113.7");
  });

  it("tells two sockets apart, and spells one client one way (IPv4-mapped IPv6 is the IPv4)", () => {
    expect(clientAddress(seen("127.0.0.1"))).not.toBe(clientAddress(seen("127.0.0.2")));
    expect(clientAddress(seen("::ffff:127.0.0.2"))).toBe("127.0.0.2");
    expect(clientAddress(seen("2001:db8:0:0::1"))).toBe("2001:db8::1");
  });
});

describe("clientAddress with TRUSTED_PROXIES", () => {
  it("takes the right-most hop that is not a trusted proxy", () => {
    process.env.TRUSTED_PROXIES = "10.0.0.0/8, 192.0.2.1";
    // client -> CDN 192.0.2.1 -> load balancer 10.1.1.1 -> app
    expect(clientAddress(seen("10.1.1.1", "198.51.100.9, 192.0.2.1"))).toBe("198.51.100.9");
    // A client's forged entries sit left of the first hop that is not trusted: ignored.
    expect(clientAddress(seen("10.1.1.1", "6.6.6.6, 198.51.100.9, 192.0.2.1"))).toBe("198.51.100.9");
    // A request straight from an untrusted address: its X-Forwarded-For means nothing.
    expect(clientAddress(seen("198.51.100.20", "6.6.6.6"))).toBe("198.51.100.20");
  });

  it("takes the left-most hop when every hop is trusted, and the proxy itself without a header", () => {
    process.env.TRUSTED_PROXIES = "loopback";
    expect(clientAddress(seen("127.0.0.1", "127.0.0.5"))).toBe("127.0.0.5");
    expect(clientAddress(seen("::1"))).toBe("::1");
  });

  it("re-reads the variable on each use", () => {
    process.env.TRUSTED_PROXIES = "127.0.0.1";
    expect(clientAddress(seen("127.0.0.1", "198.51.100.9"))).toBe("198.51.100.9");
    process.env.TRUSTED_PROXIES = "";
    expect(clientAddress(seen("127.0.0.1", "198.51.100.9"))).toBe("127.0.0.1");
  });
});

describe("the address handed to better-auth", () => {
  it("is the rule's, over any value the client put in the header itself", () => {
    const forged = new Headers({ "x-forwarded-for": "1.2.3.4, 203.0.113.7", [CLIENT_ADDRESS_HEADER]: "1.2.3.4" });
    expect(clientAddress(forged)).toBe("203.0.113.7");
    const handed = withClientAddress(forged);
    expect(handed.get(CLIENT_ADDRESS_HEADER)).toBe("203.0.113.7");
    // A copy: the request's own headers are left as they came.
    expect(forged.get(CLIENT_ADDRESS_HEADER)).toBe("1.2.3.4");
  });
});

describe("trustRule", () => {
  it("knows addresses, CIDRs (IPv4 and IPv6) and proxy-addr's names, and ignores what parses as nothing", () => {
    const trusted = trustRule("203.0.113.5, 2001:db8::/32, uniquelocal, linklocal, nonsense, 300.1.1.1");
    for (const address of ["203.0.113.5", "2001:db8::42", "10.9.8.7", "172.20.0.1", "192.168.0.9", "fd12::1", "169.254.1.1", "fe80::1", "::ffff:10.0.0.1"]) {
      expect(trusted(address), address).toBe(true);
    }
    for (const address of ["203.0.113.6", "2001:db9::1", "127.0.0.1", "8.8.8.8", "nonsense", ""]) {
      expect(trusted(address), address).toBe(false);
    }
  });

  it("matches an IPv4-mapped CIDR against the IPv4 addresses it covers", () => {
    expect(trustRule("::ffff:10.0.0.0/104")("10.3.2.1")).toBe(true);
  });
});

describe("clientFromHops", () => {
  it("is 'unknown' only when there is no hop at all", () => {
    expect(clientFromHops([], () => true)).toBe("unknown");
  });
});

describe("addressLimitKey", () => {
  it("counts an IPv6 client by its /64, whatever address of it is used or however it is spelled", () => {
    const key = addressLimitKey("2001:db8:aa:bb::1");
    expect(key).toBe("2001:db8:aa:bb::/64");
    expect(addressLimitKey("2001:0db8:00aa:00bb:ffff:1:2:3")).toBe(key);
    expect(addressLimitKey("[2001:db8:aa:bb:dead:beef::9]")).toBe(key);
    expect(addressLimitKey("2001:db8:aa:bc::1")).not.toBe(key);
  });

  it("leaves IPv4 addresses, IPv4-mapped ones included, and anything unparsed as they are", () => {
    expect(addressLimitKey("203.0.113.7")).toBe("203.0.113.7");
    expect(addressLimitKey(clientAddress(new Headers({ "x-forwarded-for": "::ffff:203.0.113.7" })))).toBe("203.0.113.7");
    expect(addressLimitKey("unknown")).toBe("unknown");
  });
});
