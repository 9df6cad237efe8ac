import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createAdapter } from "@/lib/core/db/adapter";
import { db, sqlOn } from "@/lib/core/db/client";
import type { Environment } from "@/lib/core/domain/environment";
import type { MerchantScope } from "@/lib/core/domain/merchant-scope";
import { deleteOldKeyUsage, readKeyUsage } from "@/lib/features/api-keys/key-usage";
import { countKeyRequest, flushKeyUsage, HOUR_MS, writeKeyUsage } from "@/lib/features/api-keys/key-usage-counter";
import { readDeliveryFigures } from "@/lib/features/webhooks/delivery-figures";
import { getDevelopersPage } from "@/lib/surfaces/dashboard/developers-queries";
import { DevelopersEndpointFigures } from "@/components/dashboard/developers-figures";
import DevelopersPage from "@/app/dashboard/(app)/developers/page";
import { call } from "../helpers/api-client";
import { signedUpMerchant } from "../helpers/auth-session";
import { newKey, newMerchant, validLink } from "../helpers/fixtures";
import { browseWith, redirectOf } from "../helpers/next-request";

vi.mock("next/headers", async () => (await import("../helpers/next-request")).nextHeaders);
vi.mock("next/cache", async () => (await import("../helpers/next-request")).nextCache);
vi.mock("next-intl/server", async () => (await import("../helpers/next-request")).nextIntlServer());

// The merchant's own view (issue 48 item 5): its webhook endpoints' success rate, lag and backlog
// from scripted delivery rows, and its API keys' requests and error rates from the counts the
// route wrapper keeps and flushes; all within the merchant and environment, on PGlite and
// PostgreSQL alike.

const MIN = 60_000;
const SEC = 1000;
const now = new Date();
const ago = (ms: number) => new Date(now.getTime() - ms);

type Attempt = { at: Date; ok: boolean };
/** One event and its delivery to `url`, with its attempts, as the runner would have left them. */
async function delivery(merchantId: string, environment: Environment, url: string, createdAt: Date, attempts: Attempt[], end: "delivered" | "dead" | "pending") {
  const eventId = `msg_${randomUUID()}`;
  const id = `whd_${randomUUID()}`;
  const last = attempts.at(-1)?.at ?? null;
  await db().webhookEvent.create({ data: { id: eventId, merchantId, environment, type: "payment_link.completed", reference: "LINK_TEST_X", payload: "{}", createdAt } });
  await db().webhookDelivery.create({
    data: {
      id,
      eventId,
      url,
      createdAt,
      status: end,
      attemptCount: attempts.length,
      deliveredAt: end === "delivered" ? last : null,
      deadAt: end === "dead" ? last : null,
      nextAttemptAt: end === "pending" ? new Date(now.getTime() + MIN) : null,
    },
  });
  if (attempts.length > 0)
    await db().webhookAttempt.createMany({
      data: attempts.map((a, i) => ({ id: `wha_${randomUUID()}`, deliveryId: id, number: i + 1, startedAt: a.at, durationMs: 100, httpStatus: a.ok ? 200 : 500, succeeded: a.ok })),
    });
}

const plus = (date: Date, ms: number) => new Date(date.getTime() + ms);

let a: Awaited<ReturnType<typeof newMerchant>>;
let b: Awaited<ReturnType<typeof newMerchant>>;
let aSandbox: MerchantScope;
const X = "https://shop-a.example/webhooks";
const Y = "https://shop-a.example/other";

beforeAll(async () => {
  [a, b] = await Promise.all([newMerchant(), newMerchant()]);
  aSandbox = { merchantId: a.id, environment: "sandbox" };
  // Endpoint X, sandbox:
  const d1 = ago(30 * MIN); // failed, then delivered 5 s later: lag 5 s, in the last hour
  await delivery(a.id, "sandbox", X, d1, [{ at: d1, ok: false }, { at: plus(d1, 5 * SEC), ok: true }], "delivered");
  const d2 = ago(3 * 60 * MIN); // delivered at once: lag 1 s
  await delivery(a.id, "sandbox", X, d2, [{ at: plus(d2, SEC), ok: true }], "delivered");
  const d3 = ago(5 * 60 * MIN); // three failures, given up 2 h ago
  await delivery(a.id, "sandbox", X, d3, [{ at: d3, ok: false }, { at: plus(d3, 5 * SEC), ok: false }, { at: ago(2 * 60 * MIN), ok: false }], "dead");
  const d4 = ago(10 * MIN); // one failure, waiting for its retry: the oldest pending
  await delivery(a.id, "sandbox", X, d4, [{ at: d4, ok: false }], "pending");
  await delivery(a.id, "sandbox", X, ago(2 * MIN), [], "pending"); // not attempted yet
  const d6 = ago(30 * 60 * MIN); // yesterday's, delivered 29 h ago: outside every window
  await delivery(a.id, "sandbox", X, d6, [{ at: plus(d6, MIN), ok: true }], "delivered");
  const d7 = ago(20 * 60 * MIN); // delivered after a minute: lag 60 s
  await delivery(a.id, "sandbox", X, d7, [{ at: plus(d7, MIN), ok: true }], "delivered");
  // Endpoint Y: one delivery, one attempt, 250 ms.
  const y = ago(2 * 60 * MIN);
  await delivery(a.id, "sandbox", Y, y, [{ at: plus(y, 250), ok: true }], "delivered");
  // The same URL in A's live environment and for merchant B: never in A's sandbox figures.
  await delivery(a.id, "live", X, ago(5 * MIN), [{ at: ago(5 * MIN), ok: false }], "pending");
  await delivery(b.id, "sandbox", X, ago(5 * MIN), [{ at: ago(5 * MIN), ok: false }, { at: ago(4 * MIN), ok: false }], "pending");
});

describe("webhook figures per endpoint", () => {
  it("counts the window's attempts, lag and dead letters, and the backlog now, from the delivery rows", async () => {
    const figures = await readDeliveryFigures(sqlOn(db()), aSandbox, now);
    expect(figures.map((f) => f.url)).toEqual([Y, X]);
    const x = figures[1];
    // 24 h: d1 2 attempts, d2 1, d3 3, d4 1, d7 1 = 8, of which 3 succeeded; delivered d1, d2, d7.
    // Lags 1 s, 5 s, 60 s: median 5 s; p95 (interpolated) 5 s + 0.9 × 55 s = 54.5 s.
    expect(x.lastDay).toEqual({ attempts: 8, succeeded: 3, failed: 5, successRate: 3 / 8, delivered: 3, lagP50Ms: 5_000, lagP95Ms: 54_500, dead: 1 });
    // Last hour: d1's two attempts and d4's one; d1 delivered (5 s).
    expect(x.lastHour).toEqual({ attempts: 3, succeeded: 1, failed: 2, successRate: 1 / 3, delivered: 1, lagP50Ms: 5_000, lagP95Ms: 5_000, dead: 0 });
    expect(x.pending).toBe(2);
    expect(x.oldestPendingAgeMs).toBe(10 * MIN);
    expect(figures[0]).toEqual({
      url: Y,
      lastDay: { attempts: 1, succeeded: 1, failed: 0, successRate: 1, delivered: 1, lagP50Ms: 250, lagP95Ms: 250, dead: 0 },
      lastHour: { attempts: 0, succeeded: 0, failed: 0, successRate: null, delivered: 0, lagP50Ms: null, lagP95Ms: null, dead: 0 },
      pending: 0,
      oldestPendingAgeMs: null,
    });
  });

  it("reads only the scope's merchant and environment", async () => {
    const live = await readDeliveryFigures(sqlOn(db()), { merchantId: a.id, environment: "live" }, now);
    expect(live).toEqual([expect.objectContaining({ url: X, pending: 1, lastDay: expect.objectContaining({ attempts: 1, succeeded: 0 }) })]);
    const theirs = await readDeliveryFigures(sqlOn(db()), { merchantId: b.id, environment: "sandbox" }, now);
    expect(theirs).toEqual([expect.objectContaining({ url: X, pending: 1, lastDay: expect.objectContaining({ attempts: 2 }) })]);
    expect(await readDeliveryFigures(sqlOn(db()), { merchantId: b.id, environment: "live" }, now)).toEqual([]);
  });
});

describe("API keys' requests", () => {
  it("reach the table from real API calls through the wrapper, and a second flush adds to the first", async () => {
    const merchant = await newMerchant();
    const scope: MerchantScope = { merchantId: merchant.id, environment: "sandbox" };
    const keyId = (await db().apiKey.findFirstOrThrow({ where: { merchantId: merchant.id, environment: "sandbox" } })).id;
    await flushKeyUsage(); // what earlier tests of this file counted
    expect((await call("POST", "/test/api/v4/payments/link", { key: merchant.sandboxKey, body: validLink })).status).toBe(200);
    expect((await call("POST", "/test/api/v4/payments/link", { key: merchant.sandboxKey, body: { ...validLink, amount: -1 } })).status).toBe(400);
    expect((await call("GET", "/test/api/v4/payments/link/LINK_TEST_01JZZZZZZZZZZZZZZZZZZZZZZZ", { key: merchant.sandboxKey })).status).toBe(404);
    // A key refused (the live key under /test) has no key to count under.
    expect((await call("GET", "/test/api/v4/payments/link/LINK_TEST_01JZZZZZZZZZZZZZZZZZZZZZZZ", { key: merchant.liveKey })).status).toBe(401);
    // Nothing is written on the request path.
    expect(await db().$queryRawUnsafe(`SELECT * FROM "ApiKeyUsage" WHERE "apiKeyId" = $1`, keyId)).toEqual([]);
    await flushKeyUsage();
    expect((await readKeyUsage(sqlOn(db()), scope)).get(keyId)).toEqual({ requests: 3, clientErrors: 2, serverErrors: 0, clientErrorRate: 2 / 3, serverErrorRate: 0 });

    expect((await call("POST", "/test/api/v4/payments/link", { key: merchant.sandboxKey, body: validLink })).status).toBe(200);
    countKeyRequest(keyId, 503); // a 5xx, which the API does not give on demand
    await flushKeyUsage();
    expect((await readKeyUsage(sqlOn(db()), scope)).get(keyId)).toEqual({ requests: 5, clientErrors: 2, serverErrors: 1, clientErrorRate: 2 / 5, serverErrorRate: 1 / 5 });
    // The live key's figures are the live scope's, and it made no counted request.
    const liveKeyId = (await db().apiKey.findFirstOrThrow({ where: { merchantId: merchant.id, environment: "live" } })).id;
    const live = await readKeyUsage(sqlOn(db()), { merchantId: merchant.id, environment: "live" });
    expect([...live.keys()]).toEqual([liveKeyId]);
    expect(live.get(liveKeyId)?.requests).toBe(0);
  });

  it("keeps the counts of a failed flush for the next one", async () => {
    const { id } = await newKey(a.id, "sandbox");
    countKeyRequest(id, 200);
    countKeyRequest(id, 429);
    await flushKeyUsage(() => Promise.reject(new Error("database down")));
    countKeyRequest(id, 200);
    await flushKeyUsage();
    expect((await readKeyUsage(sqlOn(db()), aSandbox)).get(id)).toMatchObject({ requests: 3, clientErrors: 1 });
  });

  it("sums concurrent flushes of two processes (two pools on PostgreSQL), reads 24 whole hours, and forgets after 30 days", async () => {
    const { id } = await newKey(a.id, "sandbox");
    const hour = now.getTime() - (now.getTime() % HOUR_MS);
    const other = process.env.DATABASE_URL ? createAdapter() : null;
    const second = other?.sql ?? sqlOn(db());
    try {
      const batch = (ok: number) => [
        { apiKeyId: id, bucketStart: new Date(hour), ok, clientErrors: 1, serverErrors: 0 },
        { apiKeyId: id, bucketStart: new Date(hour - HOUR_MS), ok, clientErrors: 0, serverErrors: 1 },
      ];
      // 20 flushes from each side at once, the same rows: every count is added, none overwritten.
      await Promise.all(Array.from({ length: 20 }, (_, i) => writeKeyUsage(i % 2 ? second : sqlOn(db()), batch(1))));
      expect((await readKeyUsage(sqlOn(db()), aSandbox, now)).get(id)).toEqual({ requests: 80, clientErrors: 20, serverErrors: 20, clientErrorRate: 0.25, serverErrorRate: 0.25 });
      // The 24th hour back is in the window, the 25th is not; 31 days back goes at the retention pass.
      await writeKeyUsage(sqlOn(db()), [
        { apiKeyId: id, bucketStart: new Date(hour - 23 * HOUR_MS), ok: 7, clientErrors: 0, serverErrors: 0 },
        { apiKeyId: id, bucketStart: new Date(hour - 24 * HOUR_MS), ok: 1000, clientErrors: 0, serverErrors: 0 },
        { apiKeyId: id, bucketStart: new Date(hour - 31 * 24 * HOUR_MS), ok: 1000, clientErrors: 0, serverErrors: 0 },
      ]);
      expect((await readKeyUsage(sqlOn(db()), aSandbox, now)).get(id)?.requests).toBe(87);
      expect(await deleteOldKeyUsage(sqlOn(db()), now)).toBe(1);
      expect(await db().$queryRawUnsafe<unknown[]>(`SELECT 1 FROM "ApiKeyUsage" WHERE "apiKeyId" = $1`, id)).toHaveLength(4);
    } finally {
      await other?.close();
    }
  });
});

describe("the developers page", () => {
  /** The props the page gave a component of its own, found in what it returned. */
  function propsOf(node: unknown, type: unknown): Record<string, unknown> | null {
    if (Array.isArray(node)) return node.map((child) => propsOf(child, type)).find(Boolean) ?? null;
    if (!node || typeof node !== "object" || !("props" in node)) return null;
    const element = node as { type: unknown; props: Record<string, unknown> & { children?: unknown } };
    return element.type === type ? element.props : propsOf(element.props.children, type);
  }

  it("shows a merchant's figures to its members, and none of them to another merchant's member (the attacker)", async () => {
    // The owner of a merchant of their own, with a delivery to X and a key that made requests.
    const owner = await signedUpMerchant({ businessName: "Boutique figures" });
    const user = await db().user.findUniqueOrThrow({ where: { email: owner.email }, include: { members: true } });
    const merchantId = user.members[0].organizationId;
    await delivery(merchantId, "sandbox", "https://mine.example/hook", ago(MIN), [{ at: ago(MIN), ok: true }], "delivered");
    const { id: keyId } = await newKey(merchantId, "sandbox");
    countKeyRequest(keyId, 200);
    await flushKeyUsage();

    browseWith(owner.browser.cookieHeader());
    const mine = await DevelopersPage({ searchParams: Promise.resolve({}) });
    expect((propsOf(mine, DevelopersEndpointFigures)?.endpoints as { url: string }[]).map((e) => e.url)).toEqual(["https://mine.example/hook"]);
    expect((await getDevelopersPage({ merchantId, environment: "sandbox" })).keys.find((k) => k.id === keyId)?.usage.requests).toBe(1);

    // A's endpoints and keys, with their figures, exist; B's member sees its own merchant's, not A's.
    const attacker = await signedUpMerchant({ businessName: "Boutique attacker" });
    browseWith(attacker.browser.cookieHeader());
    const theirs = await DevelopersPage({ searchParams: Promise.resolve({}) });
    expect(propsOf(theirs, DevelopersEndpointFigures)?.endpoints).toEqual([]);
    const attackerUser = await db().user.findUniqueOrThrow({ where: { email: attacker.email }, include: { members: true } });
    const attackerScope: MerchantScope = { merchantId: attackerUser.members[0].organizationId, environment: "sandbox" };
    const page = await getDevelopersPage(attackerScope);
    expect(page.endpoints).toEqual([]);
    expect(page.keys.map((k) => k.id)).not.toContain(keyId);
    // Even told to act on A (its session's active organization set to A, which it is no member of),
    await db().session.updateMany({ where: { userId: attackerUser.id }, data: { activeOrganizationId: merchantId } });
    // the page is not drawn: the member goes to the page that lets them choose a merchant of theirs.
    expect(await redirectOf(() => DevelopersPage({ searchParams: Promise.resolve({}) }))).toBe("/dashboard/start");
  });
});

afterAll(() => flushKeyUsage());
