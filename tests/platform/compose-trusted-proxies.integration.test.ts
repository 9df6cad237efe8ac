import fs from "node:fs";
import ipaddr from "ipaddr.js";
import { afterEach, describe, expect, it, vi } from "vitest";
import { parse } from "yaml";
import { consume, createLimiter } from "@/lib/core/limits/rate-limit";
import { clientAddress, clientLimitKey, trustRule } from "@/lib/core/request/client-address";
import { contractError } from "../helpers/contract-error";

// Issue 34 (10): compose.yaml trusted "uniquelocal", which holds Docker's own gateway. Behind
// Docker's userland proxy (or Docker Desktop) a client reaches the app from that gateway's
// address, so its own X-Forwarded-For picked its bucket. TRUSTED_PROXIES must name the load
// balancer's fixed address, and nothing else.

type Compose = {
  "x-app-env": Record<string, string>;
  services: Record<string, { networks?: Record<string, { ipv4_address?: string }> }>;
  networks?: Record<string, { ipam?: { config?: { subnet: string; ip_range?: string; gateway: string }[] } }>;
};
const compose = parse(fs.readFileSync("compose.yaml", "utf8"), { merge: true }) as Compose;
const trusted = compose["x-app-env"].TRUSTED_PROXIES;
const network = compose.networks?.default?.ipam?.config?.[0];
const lbAddress = compose.services.lb.networks?.default?.ipv4_address;
// The gateway of the project's network (Docker gives a network without a subnet of its own one
// such as 172.18.0.1), Docker's default bridge's, Docker Desktop's.
const gateway = network?.gateway ?? "172.18.0.1";
const GATEWAYS = [gateway, "172.17.0.1", "192.168.65.1", "172.18.0.1", "10.0.2.2"];

afterEach(() => vi.unstubAllEnvs());

describe("compose.yaml's TRUSTED_PROXIES", () => {
  it("names single addresses only, the load balancer's fixed one, never a range or a name", () => {
    const entries = trusted.split(",").map((entry) => entry.trim());
    expect(entries.length).toBeGreaterThan(0);
    for (const entry of entries) {
      expect(entry, entry).not.toContain("/");
      expect(ipaddr.isValid(entry), entry).toBe(true);
    }
    expect(entries).toEqual([lbAddress]);
  });

  it("trusts no Docker gateway, and the load balancer's address is in the subnet, outside the range Docker hands out", () => {
    const rule = trustRule(trusted);
    for (const address of GATEWAYS) expect(rule(address), address).toBe(false);
    expect(network, "a network with a subnet of its own").toBeDefined();
    const inRange = (address: string, cidr: string) => ipaddr.parse(address).match(ipaddr.parseCIDR(cidr));
    expect(inRange(lbAddress!, network!.subnet)).toBe(true);
    expect(inRange(lbAddress!, network!.ip_range!)).toBe(false);
    expect(inRange(gateway, network!.ip_range!)).toBe(false);
  });

  it("with that setting, a client arriving from the Docker gateway with a forged X-Forwarded-For is bucketed by the gateway's address", async () => {
    vi.stubEnv("TRUSTED_PROXIES", trusted);
    // What server/front-door.cjs hands the app: the client's own header, then the socket's address.
    const fromGateway = (forged: string) => new Request("http://pay.test/api/health", { headers: { "x-forwarded-for": `${forged}, ${gateway}` } });
    expect(clientAddress(fromGateway("203.0.113.9"))).toBe(gateway);
    const limiter = createLimiter(`compose-gateway-${Date.now()}`, 2, 60);
    await consume(limiter, clientLimitKey(fromGateway("203.0.113.1")));
    await consume(limiter, clientLimitKey(fromGateway("203.0.113.2")));
    // A third forged address does not buy a fresh bucket.
    expect(await contractError(consume(limiter, clientLimitKey(fromGateway("203.0.113.3"))))).toMatchObject({ code: 42900 });
    // Through the load balancer, each client is itself.
    const viaLb = (client: string) => new Request("http://pay.test/api/health", { headers: { "x-forwarded-for": `${client}, ${lbAddress}` } });
    expect(clientAddress(viaLb("198.51.100.7"))).toBe("198.51.100.7");
    expect(clientAddress(new Request("http://pay.test/", { headers: { "x-forwarded-for": `198.51.100.7, 203.0.113.9, ${lbAddress}` } }))).toBe("203.0.113.9");
  });
});
