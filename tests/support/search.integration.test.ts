// Issue 51, item 7: support at the counter's other end. A customer calls: support finds the
// payment by whatever they have (the link's or deposit's reference, the operator's transaction id
// from their SMS, their number as they type it, their name) and goes from each result to the
// payment link it paid and to the same customer's other attempts. Only staff get anything: a
// merchant's dashboard session, a merchant's key or no session at all gets nothing.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import { ulid } from "@/lib/core/domain/ulid";
import { call } from "../helpers/api-client";
import { signedUpMerchant } from "../helpers/auth-session";
import { newMerchant, validLink } from "../helpers/fixtures";
import { staffSession, type StaffSession } from "../helpers/staff-session";

let support: StaffSession;
const as = (who: StaffSession) => ({ cookie: who.cookie });
type Found = { reference: string; kind: string; paymentLinkReference: string | null; customerName: string | null; customerPhone: string | null; status: string; gatewayName: string | null };

const eightDigits = () => String(Math.floor(Math.random() * 1e8)).padStart(8, "0");

/** A checkout attempt of `link` as the checkout records one: a deposit with the operator's transaction id once it answered. */
async function attempt(link: { id: string; merchantId: string }, fields: { customerPhone: string; customerName?: string; operatorReference?: string; status?: "pending" | "failed" | "completed" }) {
  const now = new Date();
  return db().deposit.create({
    data: {
      id: `dep_${ulid()}`,
      reference: `DEP_TEST_${ulid()}`,
      merchantId: link.merchantId,
      environment: "sandbox",
      flow: "classic",
      paymentType: "MOBILE_MONEY",
      gatewayName: "MTN_MOMO_CI",
      status: fields.status ?? "pending",
      amountMinor: 5000n,
      feesMinor: 0n,
      currency: "XOF",
      country: "CI",
      customerPhone: fields.customerPhone,
      customerName: fields.customerName ?? null,
      operatorReference: fields.operatorReference ?? null,
      paymentLinkId: link.id,
      createdAt: now,
      expiresAt: new Date(now.getTime() + 15 * 60_000),
    },
  });
}

async function search(q: string, headers: Record<string, string> = as(support)) {
  const found = await call("GET", "/admin/api/search", { headers, query: { q } });
  expect(found.status, JSON.stringify(found.body)).toBe(200);
  return found.body.payments as Found[];
}

let customer: { phone: string; name: string; link: { id: string; reference: string; merchantId: string }; first: string; second: string; operatorId: string };

beforeAll(async () => {
  support = await staffSession("support");
  const merchant = await newMerchant();
  const phone = `+22507${eightDigits()}`;
  const name = `Koffi Yao ${ulid().slice(-6)}`;
  const created = await call("POST", "/test/api/v4/payments/link", { key: merchant.sandboxKey, body: { ...validLink, customerName: name, customerPhone: phone } });
  expect(created.status).toBe(200);
  const link = await db().paymentLink.findUniqueOrThrow({ where: { reference: created.body.reference }, select: { id: true, reference: true, merchantId: true } });
  const operatorId = `MP${eightDigits()}.${eightDigits()}`;
  const first = await attempt(link, { customerPhone: phone, customerName: name, status: "failed" });
  const second = await attempt(link, { customerPhone: phone, customerName: name, operatorReference: operatorId });
  customer = { phone, name, link, first: first.reference, second: second.reference, operatorId };
});

describe("support search at the counter", () => {
  it("finds an attempt by the operator's transaction id, in any case, with the payment link it tried to pay", async () => {
    for (const q of [customer.operatorId, customer.operatorId.toLowerCase(), ` ${customer.operatorId} `]) {
      const found = await search(q);
      expect(found.map((p) => [p.reference, p.paymentLinkReference])).toEqual([[customer.second, customer.link.reference]]);
    }
  });

  it("finds the link and every attempt by the payer's number, however it is typed", async () => {
    const local = customer.phone.slice(4);
    for (const q of [customer.phone, `+225 ${local.replace(/(\d\d)(?=\d)/g, "$1 ")}`, local]) {
      const found = await search(q);
      expect(found.map((p) => p.reference).sort()).toEqual([customer.link.reference, customer.first, customer.second].sort());
    }
  });

  it("finds them by the payer's name, or a part of it, in any case", async () => {
    const found = await search(customer.name.toUpperCase());
    expect(found.map((p) => p.reference).sort()).toEqual([customer.link.reference, customer.first, customer.second].sort());
    const part = await search(customer.name.split(" ").at(-1)!.toLowerCase());
    expect(part.map((p) => p.reference)).toContain(customer.second);
    // A result carries what the page shows of the payer, and codes the page puts in words.
    expect(found.find((p) => p.reference === customer.second)).toMatchObject({ kind: "deposit", customerName: customer.name, customerPhone: customer.phone, status: "pending", gatewayName: "MTN_MOMO_CI" });
  });

  it("finds a deposit by its reference and a link by its own", async () => {
    expect((await search(customer.first.toLowerCase())).map((p) => p.reference)).toEqual([customer.first]);
    expect((await search(customer.link.reference)).map((p) => [p.reference, p.kind])).toEqual([[customer.link.reference, "link"]]);
  });

  it("does not read a short word, a number fragment or a reference's prefix as a name", async () => {
    expect(await search("Ko")).toEqual([]);
    expect(await search("DEP_TEST_")).toEqual([]);
  });

  it("gives nothing to a merchant's dashboard session, a merchant's key or nobody", async () => {
    const { browser } = await signedUpMerchant();
    const asMerchant = await call("GET", "/admin/api/search", { headers: { cookie: browser.cookieHeader() }, query: { q: customer.operatorId } });
    expect(asMerchant.status).toBe(401);
    expect(JSON.stringify(asMerchant.body)).not.toContain(customer.second);
    const merchant = await newMerchant();
    const withKey = await call("GET", "/admin/api/search", { key: merchant.sandboxKey, query: { q: customer.name } });
    expect(withKey.status).toBe(401);
    const anonymous = await call("GET", "/admin/api/search", { query: { q: customer.phone } });
    expect(anonymous.status).toBe(401);
    expect(JSON.stringify(anonymous.body)).not.toContain(customer.link.reference);
  });
});
