import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { db } from "@/lib/core/db/client";
import { countryTimeZone, localToday } from "@/lib/core/domain/local-day";
import { ulid } from "@/lib/core/domain/ulid";
import { readCharges } from "@/lib/features/charge-lookup/read-charges";
import { lookupTokenFromCookies, lookupTokenOf, readLookupToken } from "@/lib/features/charge-lookup/lookup-token";
import { runDueWork } from "@/lib/features/jobs/run-due-work";
import { createStaff } from "@/lib/features/staff/create-staff";
import { call, dispatch, ORIGIN } from "../helpers/api-client";
import { newMerchant, validDeposit, waitForSandboxAnswer } from "../helpers/fixtures";
import { useOperatorFakes } from "../helpers/operator-fakes";

// Issue 51 item 4, "Ai-je été débité ?": a customer finds their payment by phone, amount and day,
// or by the operator's transaction id; a pending live one is read at its operator there and then;
// wrong or partial facts reveal nothing; the limits hold per address and per number; "tell the
// merchant" mails its owner and our support once a day. Through the form route, as a browser
// without JavaScript posts it.

const fakes = useOperatorFakes();
let ip = 0;
const address = () => `10.51.${Math.floor(++ip / 250)}.${ip % 250}`;
const today = () => localToday(countryTimeZone("CI"));
const yesterday = () => localToday(countryTimeZone("CI"), new Date(Date.now() - 24 * 3600_000));
let phones = 0;
/** A number no other test pays with, its local form and its MTN MSISDN. */
function newPhone() {
  const national = `07${String(Date.now() % 1e5).padStart(5, "0")}${String(++phones).padStart(2, "0")}4`;
  return { e164: `+225${national}`, national, msisdn: `225${national}` };
}

type Sent = { status: number; location: string | null; cookie: string | null; text: string; headers: Headers };

async function post(path: string, fields: Record<string, string>, options: { ip?: string; cookie?: string | null; headers?: Record<string, string> } = {}): Promise<Sent> {
  const headers: Record<string, string> = { "content-type": "application/x-www-form-urlencoded", origin: ORIGIN, "x-forwarded-for": options.ip ?? address(), ...options.headers };
  if (options.cookie) headers.cookie = options.cookie;
  const response = await dispatch(new Request(`${ORIGIN}${path}`, { method: "POST", headers, body: new URLSearchParams(fields) }), path);
  const setCookie = response.headers.getSetCookie()[0] ?? null;
  return { status: response.status, location: response.headers.get("location"), cookie: setCookie?.split(";")[0] ?? null, text: await response.text(), headers: response.headers };
}

const lookup = (fields: Record<string, string>, options: Parameters<typeof post>[2] & { live?: boolean } = {}) =>
  post(`${options.live ? "" : "/test"}/check/form`, { intent: "lookup", country: "CI", ...fields }, options);

/** What the page would show of an answer: the payments its cookie names. */
async function shown(sent: Sent, environment: "sandbox" | "live" = "sandbox") {
  expect(sent.status).toBe(303);
  expect(sent.location).toBe(`${ORIGIN}${environment === "sandbox" ? "/test" : ""}/check?answer=1`);
  const result = readLookupToken(lookupTokenFromCookies(sent.cookie), environment);
  expect(result).not.toBeNull();
  return readCharges(db(), { environment, ids: result!.ids });
}

async function sandboxPayment(merchant: { sandboxKey: string }, phone: string, amount = 5000) {
  const res = await call("POST", "/test/api/v4/classic/deposit/initiate", { key: merchant.sandboxKey, body: { ...validDeposit, amount, customerPhone: phone } });
  expect(res.status).toBe(200);
  await waitForSandboxAnswer(res.body.reference);
  return db().deposit.findUniqueOrThrow({ where: { reference: res.body.reference } });
}

let merchant: Awaited<ReturnType<typeof newMerchant>>;
beforeAll(async () => {
  merchant = await newMerchant("Boutique Awa");
  await db().merchant.update({ where: { id: merchant.id }, data: { supportPhone: "+2250500000001" } });
});

const saved = { ...process.env };
afterEach(() => {
  for (const name of Object.keys(process.env)) if (name.startsWith("CHARGE_")) delete process.env[name];
  Object.assign(process.env, Object.fromEntries(Object.entries(saved).filter(([name]) => name.startsWith("CHARGE_"))));
});

describe("finding one's payment", () => {
  it("by phone (as typed locally), amount and day: the merchant, that it went through, the number masked", async () => {
    const phone = newPhone();
    const deposit = await sandboxPayment(merchant, phone.e164);
    expect(deposit.status).toBe("completed");
    // The price or what left the wallet (price and fees), typed as people type amounts.
    for (const amount of ["5 000", String(deposit.amountMinor + deposit.feesMinor)]) {
      const charges = await shown(await lookup({ phone: phone.national.replace(/(\d\d)(?=\d)/g, "$1 "), amount, day: today() }));
      expect(charges).toHaveLength(1);
      expect(charges[0]).toMatchObject({ id: deposit.id, merchantName: "Boutique Awa", status: "completed", reference: deposit.reference, totalMinor: deposit.amountMinor + deposit.feesMinor });
      expect(charges[0].support.phone).toBe("+2250500000001");
      expect(charges[0].maskedPhone).toMatch(/^\+225 07 •• •• •\d \d\d$/);
      // Nothing of the number beyond its first two and last three digits.
      expect(JSON.stringify(charges, (_, value) => (typeof value === "bigint" ? String(value) : value))).not.toContain(phone.national.slice(2, 7));
    }
  });

  it("wrong or partial facts reveal nothing: another amount, day, number or environment finds nothing, and missing facts search nothing", async () => {
    const phone = newPhone();
    const deposit = await sandboxPayment(merchant, phone.e164, 7000);
    // The same number paid another shop another amount that day: never shown for this one.
    const elsewhere = await sandboxPayment(await newMerchant("Autre boutique"), phone.e164, 7500);
    const right = { phone: phone.e164, amount: "7000", day: today() };
    const charges = await shown(await lookup(right));
    expect(charges.map((c) => c.id)).toEqual([deposit.id]);
    expect(JSON.stringify(charges, (_, value) => (typeof value === "bigint" ? String(value) : value))).not.toMatch(new RegExp(`Autre boutique|${elsewhere.reference}`));

    for (const wrong of [{ amount: "7001" }, { amount: "700" }, { day: yesterday() }, { phone: newPhone().e164 }]) {
      expect(await shown(await lookup({ ...right, ...wrong }))).toEqual([]);
    }
    // The live look-up does not see sandbox payments.
    expect(await shown(await lookup(right, { live: true }), "live")).toEqual([]);
    // Partial facts: the form asks for the rest; no search, no cookie.
    for (const partial of [{ day: "" }, { amount: "" }, { phone: "" }, { phone: "", amount: "", day: "" }]) {
      const sent = await lookup({ ...right, ...partial });
      expect([sent.status, sent.location, sent.cookie]).toEqual([303, `${ORIGIN}/test/check?error=incomplete`, null]);
    }
    // Facts that cannot be read say which field, never whether a payment exists.
    expect((await lookup({ ...right, phone: "12" })).location).toMatch(/\?error=phone$/);
    expect((await lookup({ ...right, amount: "beaucoup" })).location).toMatch(/\?error=amount$/);
    expect((await lookup({ ...right, day: "2999-01-01" })).location).toMatch(/\?error=day$/);
    expect((await lookup({ operatorId: "<script>" })).location).toMatch(/\?error=operatorId$/);
  });
});

describe("a live MTN payment", () => {
  async function livePayment(script: { answerAfterMs: number }) {
    const phone = newPhone();
    fakes().mtn.script(phone.msisdn, { customer: "approve", callback: "none", ...script });
    const res = await call("POST", "/api/v4/classic/deposit/initiate", { key: merchant.liveKey, body: { ...validDeposit, amount: 2500, customerPhone: phone.e164 } });
    expect(res.status).toBe(200);
    const deposit = await db().deposit.findUniqueOrThrow({ where: { reference: res.body.reference } });
    return { phone, deposit };
  }
  const statusReads = (referenceId: string) => fakes().mtn.received.filter((r) => r.method === "GET" && r.path.endsWith(`/requesttopay/${referenceId}`)).length;

  it("still pending is read at MTN there and then; approved at MTN, 'check again' shows it paid, and its transaction id finds it", async () => {
    const { phone, deposit } = await livePayment({ answerAfterMs: 10 * 60_000 });
    // Its first read by the sweep is not due yet: only the look-up asks MTN.
    expect(deposit.nextCheckAt!.getTime()).toBeGreaterThan(Date.now());
    const before = statusReads(deposit.operatorRequestId!);
    const ip = address();
    const first = await lookup({ phone: phone.e164, amount: "2500", day: today() }, { live: true, ip });
    expect((await shown(first, "live")).map((c) => c.status)).toEqual(["pending"]);
    expect(statusReads(deposit.operatorRequestId!)).toBe(before + 1);

    // The customer approves on their phone: MTN now answers SUCCESSFUL.
    fakes().mtn.transactions.get(deposit.operatorRequestId!)!.answerAt = Date.now();
    const again = await post("/check/form", { intent: "again" }, { ip, cookie: first.cookie });
    expect([again.status, again.location]).toEqual([303, `${ORIGIN}/check?answer=1`]);
    const [paid] = await shown({ ...again, cookie: first.cookie }, "live");
    expect(paid.status).toBe("completed");
    const operatorId = fakes().mtn.transactions.get(deposit.operatorRequestId!)!.financialTransactionId;
    expect((await db().deposit.findUniqueOrThrow({ where: { id: deposit.id } })).operatorReference).toBe(operatorId);

    const byId = await shown(await lookup({ operatorId }, { live: true }), "live");
    expect(byId.map((c) => [c.id, c.status, c.merchantName])).toEqual([[deposit.id, "completed", "Boutique Awa"]]);
    // Any other fact given must match too; the sandbox knows no live id.
    expect(await shown(await lookup({ operatorId, phone: newPhone().e164 }, { live: true }), "live")).toEqual([]);
    expect(await shown(await lookup({ operatorId }))).toEqual([]);
  });

  it("expired here while MTN still waited: said so, still followed; approved at MTN later, the look-up records it paid", async () => {
    const { phone, deposit } = await livePayment({ answerAfterMs: 60 * 60_000 });
    // Our expiry comes first: its last read finds MTN still waiting.
    await runDueWork(db(), new Date(deposit.expiresAt.getTime() + 1_000));
    const facts = { phone: phone.e164, amount: "2500", day: today() };
    const [expired] = await shown(await lookup(facts, { live: true }), "live");
    expect([expired.status, expired.stillFollowed]).toEqual(["expired", true]);

    fakes().mtn.transactions.get(deposit.operatorRequestId!)!.answerAt = Date.now();
    const [paid] = await shown(await lookup(facts, { live: true }), "live");
    expect([paid.status, paid.stillFollowed]).toEqual(["completed", false]);
    expect(await db().webhookEvent.count({ where: { reference: deposit.reference, type: "deposit.completed" } })).toBe(1);
  });
});

describe("the limits (the attacker walking numbers and amounts)", () => {
  it("per address: the 429 page, in the visitor's language, with Retry-After, whatever the facts", async () => {
    process.env.CHARGE_LOOKUPS_PER_HOUR_PER_IP = "3";
    const ip = address();
    for (let i = 0; i < 3; i++) expect((await lookup({ phone: newPhone().e164, amount: String(1000 + i), day: today() }, { ip })).status).toBe(303);
    const refused = await lookup({ phone: "", amount: "", day: "" }, { ip, headers: { "accept-language": "fr-CI,fr;q=0.9" } });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(refused.headers.get("content-type")).toMatch(/^text\/html/);
    expect(refused.text).toContain("Trop de recherches");
    expect(refused.text).toContain('href="/test/check"');
    expect(refused.text).not.toMatch(/Error|at .*\.ts|node_modules/);
    expect(refused.cookie).toBeNull();
    // Another address is not held back.
    expect((await lookup({ phone: "", amount: "", day: "" })).status).toBe(303);
  });

  it("per number, whichever addresses ask and however the number is typed", async () => {
    process.env.CHARGE_LOOKUPS_PER_DAY_PER_PHONE = "2";
    const phone = newPhone();
    expect((await lookup({ phone: phone.e164, amount: "100", day: today() })).status).toBe(303);
    expect((await lookup({ phone: phone.national, amount: "200", day: today() })).status).toBe(303);
    const refused = await lookup({ phone: `00${phone.msisdn}`, amount: "300", day: today() });
    expect(refused.status).toBe(429);
    // Another number from the same kind of attacker still gets an answer.
    expect((await lookup({ phone: newPhone().e164, amount: "300", day: today() })).status).toBe(303);
  });

  it("per operator id", async () => {
    process.env.CHARGE_LOOKUPS_PER_DAY_PER_OPERATOR_ID = "1";
    expect((await lookup({ operatorId: "9876543210" })).status).toBe(303);
    expect((await lookup({ operatorId: "9876543210" })).status).toBe(429);
  });
});

describe("telling the merchant", () => {
  async function memberOf(merchantId: string, role: string) {
    const org = await db().organization.findUnique({ where: { id: merchantId } });
    if (!org) await db().organization.create({ data: { id: merchantId, name: merchantId, slug: merchantId.toLowerCase(), createdAt: new Date() } });
    const user = await db().user.create({ data: { id: `usr_${ulid()}`, name: role, email: `${role}-${ulid().toLowerCase()}@shop.example` } });
    await db().member.create({ data: { id: randomUUID(), organizationId: merchantId, userId: user.id, role, createdAt: new Date() } });
    return user.email;
  }
  const mailsTo = (email: string) => db().outboxMail.findMany({ where: { to: email.toLowerCase() } });

  it("mails its owner (in the merchant's language) and our support once a day per payment; a second tap says so", async () => {
    const shop = await newMerchant("Quincaillerie Koné");
    await db().merchant.update({ where: { id: shop.id }, data: { defaultLanguage: "en" } });
    const [owner, developer] = [await memberOf(shop.id, "owner"), await memberOf(shop.id, "developer")];
    const staff = `admin-${ulid().toLowerCase()}@support.example`;
    await createStaff(db(), { email: staff, role: "admin", password: "a long enough password" });

    const phone = newPhone();
    const deposit = await sandboxPayment(shop, phone.e164, 3000);
    const found = await lookup({ phone: phone.e164, amount: "3000", day: today() });
    expect((await shown(found)).map((c) => c.id)).toEqual([deposit.id]);

    const alerted = await post("/test/check/form", { intent: "alert", payment: "0" }, { cookie: found.cookie });
    expect([alerted.status, alerted.location]).toEqual([303, `${ORIGIN}/test/check?answer=1&alert=sent&payment=0`]);
    const [ownerMails, developerMails, supportMails] = await Promise.all([mailsTo(owner), mailsTo(developer), mailsTo(staff)]);
    expect(ownerMails).toHaveLength(1);
    expect(developerMails).toHaveLength(0);
    expect(supportMails).toHaveLength(1);
    expect(ownerMails[0].subject).toBe(`A customer asks whether they were charged: ${deposit.reference}`);
    expect(ownerMails[0].text).toContain("Quincaillerie Koné");
    expect(ownerMails[0].text).not.toContain(phone.national.slice(2, 7));
    expect(supportMails[0].text).toContain(`/admin/payments/${deposit.reference}`);

    // A second tap, or another visitor's the same day: said, not sent again.
    const second = await post("/test/check/form", { intent: "alert", payment: "0" }, { cookie: found.cookie });
    expect(second.location).toBe(`${ORIGIN}/test/check?answer=1&alert=already&payment=0`);
    const other = await lookup({ phone: phone.e164, amount: "3000", day: today() });
    expect((await post("/test/check/form", { intent: "alert", payment: "0" }, { cookie: other.cookie })).location).toMatch(/alert=already/);
    expect(await mailsTo(owner)).toHaveLength(1);
    expect(await mailsTo(staff)).toHaveLength(1);
  });

  it("only a payment the visitor found: no cookie, a forged one, another index or a cross-site form alert nobody", async () => {
    const shop = await newMerchant("Pharmacie du Plateau");
    const owner = await memberOf(shop.id, "owner");
    const victim = await sandboxPayment(shop, newPhone().e164, 4000);
    const empty = await lookup({ phone: newPhone().e164, amount: "4000", day: today() });
    expect(await shown(empty)).toEqual([]);

    const forged = `pcs_charge_lookup=${lookupTokenOf("sandbox", [victim.id]).replace(/.$/, (c) => (c === "A" ? "B" : "A"))}`;
    const wrongEnvironment = `pcs_charge_lookup=${lookupTokenOf("live", [victim.id])}`;
    for (const cookie of [null, forged, wrongEnvironment, empty.cookie]) {
      const sent = await post("/test/check/form", { intent: "alert", payment: "0" }, { cookie });
      expect(sent.location).toBe(`${ORIGIN}/test/check`);
    }
    const crossSite = await post("/test/check/form", { intent: "lookup", country: "CI", phone: victim.customerPhone, amount: "4000", day: today() }, { headers: { origin: "https://evil.example" } });
    expect([crossSite.location, crossSite.cookie]).toEqual([`${ORIGIN}/test/check`, null]);
    expect(await mailsTo(owner)).toHaveLength(0);
    // A forged cookie shows nothing on the page either.
    expect(readLookupToken(forged.split("=")[1], "sandbox")).toBeNull();
  });
});
