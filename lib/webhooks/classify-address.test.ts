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
    ["64:ff9b::7f00:1", "rfc6052"], // NAT64 of 127.0.0.1
    ["2002:7f00:1::", "6to4"], // 6to4 of 127.0.0.1
    ["2001:db8::1", "reserved"], // documentation
    ["[::1]", "loopback"], // bracketed, as in URLs
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
