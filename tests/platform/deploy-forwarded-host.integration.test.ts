import fs from "node:fs";
import { describe, expect, it } from "vitest";

// Issue 46, item 9: the load balancer of compose.yaml sets X-Forwarded-Host itself, from the Host it
// was asked for, instead of passing a client's own on to the app (which once built the customer
// forms' redirects on it: `Location: http://evil.example/...`).

describe("deploy/nginx.conf's forwarded headers", () => {
  const conf = fs.readFileSync("deploy/nginx.conf", "utf8");
  const forwarded = [...conf.matchAll(/^\s*proxy_set_header\s+(X-Forwarded-[\w-]+)\s+([^;]+);/gim)].map((m) => [m[1].toLowerCase(), m[2].trim()]);

  it("sets X-Forwarded-Host from $host, and the other forwarded headers from what nginx saw", () => {
    expect(Object.fromEntries(forwarded)).toEqual({
      "x-forwarded-host": "$host",
      "x-forwarded-for": "$proxy_add_x_forwarded_for",
      "x-forwarded-proto": "$scheme",
    });
  });
});
