import { describe, expect, it } from "vitest";
import { classifyAddress } from "./classify-address";

describe("classifyAddress", () => {
  const refused: [string, string][] = [
    ["127.0.0.1", "loopback"],
    ["127.255.255.254", "loopback"],
    ["10.0.0.1", "private"],
    ["172.16.0.1", "private"],
    ["172.31.255.255", "private"],
    ["192.168.1.1", "private"],
    ["100.64.0.1", "carrierGradeNat"],
    ["100.127.255.254", "carrierGradeNat"],
    ["169.254.169.254", "linkLocal"], // cloud metadata
    ["0.0.0.0", "unspecified"],
    ["255.255.255.255", "broadcast"],
    ["224.0.0.1", "multicast"],
    ["239.255.255.250", "multicast"],
    ["240.0.0.1", "reserved"],
    ["192.0.2.10", "reserved"], // TEST-NET-1 documentation
    ["198.18.0.1", "reserved"], // benchmarking
    ["::1", "loopback"],
    ["::", "unspecified"],
    ["fe80::1", "linkLocal"],
    ["fc00::1", "uniqueLocal"],
    ["fd00:ec2::254", "uniqueLocal"], // AWS metadata over IPv6
    ["ff02::1", "multicast"],
    ["::ffff:127.0.0.1", "loopback"], // IPv4-mapped
    ["::ffff:7f00:1", "loopback"], // the same, in hex
    ["::ffff:10.1.2.3", "private"],
    ["::ffff:169.254.169.254", "linkLocal"],
    ["64:ff9b::7f00:1", "loopback address (NAT64 127.0.0.1)"],
    ["2002:7f00:1::", "loopback address (6to4 127.0.0.1)"],
    ["2001:db8::1", "reserved"], // documentation
    ["[::1]", "loopback"], // bracketed, as in URLs
    // IPv4-compatible (::a.b.c.d): judged by the IPv4 they carry, as URL parsing spells them.
    ["::a9fe:a9fe", "linkLocal address (IPv4-compatible 169.254.169.254)"],
    ["[::a9fe:a9fe]", "linkLocal"],
    ["::7f00:1", "loopback address (IPv4-compatible 127.0.0.1)"],
    ["::127.0.0.1", "loopback"],
    ["::a01:203", "private address (IPv4-compatible 10.1.2.3)"],
    ["::808:808", "reserved"], // compatible form of a public IPv4: refused all the same
    ["::ffff:0:7f00:1", "loopback address (IPv4-translated 127.0.0.1)"], // SIIT
    ["64:ff9b::a9fe:a9fe", "linkLocal address (NAT64 169.254.169.254)"],
    ["64:ff9b::808:808", "rfc6052 address (NAT64 8.8.8.8)"], // a public IPv4 through a translator we do not control
    ["64:ff9b:1::a00:1", "private address (NAT64 10.0.0.1)"], // RFC 8215 local-use NAT64
    ["2002:a9fe:a9fe::1", "linkLocal address (6to4 169.254.169.254)"],
    ["2002:808:808::1", "6to4 address (6to4 8.8.8.8)"],
    // Teredo: the client's IPv4 is the last 32 bits inverted (80ff:fefe -> 127.0.1.1).
    ["2001:0:4136:e378:8000:63bf:80ff:fefe", "loopback address (Teredo 127.0.1.1)"],
    ["2001:0:4136:e378:8000:63bf:d635:24fe", "teredo address (Teredo 41.202.219.1)"],
    // Outside 2000::/3, which ipaddr.js calls unicast: the rest of ::/8 and unallocated blocks.
    ["::1:0:0:1", "reserved"],
    ["4000::1", "reserved"],
  ];
  it.each(refused)("refuses %s (%s)", (address, range) => {
    const verdict = classifyAddress(address);
    expect(verdict.allowed).toBe(false);
    expect(!verdict.allowed && verdict.reason).toContain(range);
  });

  it.each(["8.8.8.8", "1.1.1.1", "41.202.219.1", "172.32.0.1", "100.128.0.1", "2001:4860:4860::8888", "::ffff:8.8.8.8"])(
    "allows the public address %s",
    (address) => expect(classifyAddress(address)).toEqual({ allowed: true }),
  );

  it.each(["localhost", "example.com", "127.0.0.1.nip.io", "", "999.1.1.1"])("refuses %j: not an IP address", (value) => {
    expect(classifyAddress(value).allowed).toBe(false);
  });
});
