import { describe, expect, it } from "vitest";
import { isAllowedAuthHost } from "./allowed-hosts";

describe("isAllowedAuthHost", () => {
  const allowed = ["localhost", "localhost:*", "pay.example"];
  it.each(["localhost", "localhost:3000", "LOCALHOST:8443", "pay.example"])("allows %j", (host) => {
    expect(isAllowedAuthHost(host, allowed)).toBe(true);
  });
  it.each(["evil.example", "localhost.evil.example", "localhost:80@evil.example", "localhost:", "pay.example:8080", "pay.example.evil"])("refuses %j", (host) => {
    expect(isAllowedAuthHost(host, allowed)).toBe(false);
  });
});
