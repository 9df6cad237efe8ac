import { beforeAll, describe, expect, it } from "vitest";
import { createStaff } from "@/lib/features/staff/create-staff";
import { findExactReference } from "@/lib/features/payments/find-exact-reference";
import { db } from "@/lib/core/db/client";
import { formatFractionalSeconds } from "@/lib/core/domain/time";
import { call } from "../helpers/api-client";
import { fundMerchant } from "../helpers/fund-merchant";
import { newMerchant, validDeposit, validLink } from "../helpers/fixtures";
import { staffSession, type StaffSession } from "../helpers/staff-session";

let merchant: Awaited<ReturnType<typeof newMerchant>>;
let support: StaffSession;
let ip = 0;

beforeAll(async () => {
  merchant = await newMerchant();
  support = await staffSession("support");
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const as = (who: { cookie: string; csrf: string }) => ({ cookie: who.cookie, "x-csrf-token": who.csrf });
const invoice = () =>
  call("POST", "/test/api/v4/validation/deposit/generate-invoice", { key: merchant.sandboxKey, body: { ...validDeposit, gatewayName: "ORANGE_MONEY_CI" } });
const confirm = (trxReference: string, otp: string) =>
  call("POST", "/test/api/v4/validation/deposit/confirm", { key: merchant.sandboxKey, body: { trxReference, otp } });

describe("support timeline of OTP tries", () => {
  it("shows each wrong try at the time it was typed, not at the invoice's creation", async () => {
    const created = await invoice();
    const reference = created.body.reference as string;
    await sleep(30);
    expect((await confirm(reference, "000000")).body.error.code).toBe(40019);
    await sleep(30);
    expect((await confirm(reference, "111111")).body.error.code).toBe(40019);
    const tries = await db().depositOtpTry.findMany({ where: { deposit: { reference } }, orderBy: { at: "asc" } });
    expect(tries).toHaveLength(2);

    const detail = await call("GET", `/admin/api/payments/${reference}`, { headers: as(support) });
    const timeline = detail.body.timeline as { at: string; event: string; details?: string }[];
    const createdAt = timeline.find((e) => e.event.startsWith("deposit.created"))!.at;
    const wrong = timeline.filter((e) => e.event === "otp.wrong_try");
    expect(wrong.map((e) => e.details)).toEqual(["try 1 of 5", "try 2 of 5"]);
    expect(wrong.map((e) => e.at)).toEqual(tries.map((t) => formatFractionalSeconds(t.at)));
    for (const entry of wrong) expect(entry.at > createdAt).toBe(true);
  });
});

describe("exact reference search", () => {
  it("names the page of a link, deposit, invoice, validated deposit or transfer, in its own environment only", async () => {
    const link = (await call("POST", "/test/api/v4/payments/link", { key: merchant.sandboxKey, body: validLink })).body.reference as string;
    const [deposit] = await fundMerchant(merchant.sandboxKey, [5000]);
    const inv = (await invoice()).body.reference as string;
    const validated = (await confirm(inv, "123456")).body.reference as string;
    expect(validated).toMatch(/^DEP_VALID_TEST_/);
    const transfer = await call("POST", "/test/api/v4/transfers/instant", {
      key: merchant.sandboxKey,
      body: { amount: 1000, currency: "XOF", gatewayName: "MTN_MOMO_CI", beneficiaryPhone: "+2250700000444", country: "CI" },
    });
    const trf = transfer.body.reference as string;
    expect(trf).toMatch(/^TRF_TEST_/);

    expect(await findExactReference(db(), link)).toBe(`/admin/payments/${link}`);
    expect(await findExactReference(db(), ` ${link.toLowerCase()} `)).toBe(`/admin/payments/${link}`);
    expect(await findExactReference(db(), deposit)).toBe(`/admin/payments/${deposit}`);
    expect(await findExactReference(db(), inv)).toBe(`/admin/payments/${inv}`);
    expect(await findExactReference(db(), validated)).toBe(`/admin/payments/${validated}`);
    expect(await findExactReference(db(), trf)).toBe(`/admin/transfers/${trf}`);
    expect(await findExactReference(db(), link, "sandbox")).toBe(`/admin/payments/${link}`);
    // Not in the environment searched, unknown, or not a whole reference: the search lists instead.
    expect(await findExactReference(db(), link, "live")).toBeNull();
    expect(await findExactReference(db(), link.replace("_TEST_", "_"))).toBeNull();
    expect(await findExactReference(db(), `LINK_TEST_${"0".repeat(26)}`)).toBeNull();
    expect(await findExactReference(db(), link.slice(0, -1))).toBeNull();
    expect(await findExactReference(db(), "+2250700000444")).toBeNull();
  });
});

describe("one-time staff passwords", () => {
  const signIn = (email: string, password: string, form = false) =>
    call("POST", "/admin/api/session", {
      ...(form ? { rawBody: new URLSearchParams({ email, password }).toString(), headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": `198.51.100.${++ip}` } } : { body: { email, password }, headers: { "x-forwarded-for": `198.51.100.${++ip}` } }),
    });
  const change = (who: { cookie: string; csrf: string }, body: Record<string, string>) => call("POST", "/admin/api/password", { body, headers: as(who) });

  it("a generated password signs in to nothing but choosing a new one", async () => {
    const email = `otp-${Date.now()}@support.example`;
    const { password } = await createStaff(db(), { email, role: "support" });
    const form = await signIn(email, password, true);
    expect(form.status).toBe(303);
    expect(form.headers.get("location")).toBe("/admin/password");

    const res = await signIn(email, password);
    expect(res.status).toBe(200);
    expect(res.body.mustChangePassword).toBe(true);
    const who = { cookie: res.headers.get("set-cookie")!.split(";")[0], csrf: res.body.csrfToken as string };
    const other = { cookie: form.headers.get("set-cookie")!.split(";")[0], csrf: "" };

    const blocked = await call("GET", "/admin/api/links", { headers: as(who) });
    expect([blocked.status, blocked.body.error.code]).toEqual([403, 40001]);
    expect((await call("GET", "/admin/api/session", { headers: as(who) })).body).toMatchObject({ email, mustChangePassword: true });

    const next = "my own long passphrase";
    const refusals: [Record<string, string>, string][] = [
      [{ currentPassword: "wrong password!!", newPassword: next, confirmation: next }, "currentPassword"],
      [{ currentPassword: password, newPassword: "short", confirmation: "short" }, "at least 12"],
      [{ currentPassword: password, newPassword: next, confirmation: `${next}!` }, "confirmation"],
      [{ currentPassword: password, newPassword: password, confirmation: password }, "differ"],
    ];
    for (const [body, detail] of refusals) {
      const refused = await change(who, body);
      expect([refused.status, refused.body.error.code]).toEqual([400, 40023]);
      expect(refused.body.error.details).toContain(detail);
    }
    const missing = await change(who, { currentPassword: password });
    expect([missing.status, missing.body.error.code]).toEqual([400, 40023]);
    const forged = await call("POST", "/admin/api/password", { body: { currentPassword: password, newPassword: next, confirmation: next }, headers: { cookie: who.cookie, "x-csrf-token": "forged" } });
    expect([forged.status, forged.body.error.code]).toEqual([403, 40001]);

    expect((await change(who, { currentPassword: password, newPassword: next, confirmation: next })).status).toBe(204);
    expect((await call("GET", "/admin/api/links", { headers: as(who) })).status).toBe(200);
    // The other session, opened with the one-time password, ended with it.
    expect((await call("GET", "/admin/api/session", { headers: { cookie: other.cookie } })).status).toBe(401);
    expect((await signIn(email, password)).status).toBe(401);
    const again = await signIn(email, next);
    expect(again.status).toBe(200);
    expect(again.body.mustChangePassword).toBe(false);
  });

  it("the form goes back to its page with the reason, or on to the console", async () => {
    const email = `otp-form-${Date.now()}@support.example`;
    const { password } = await createStaff(db(), { email, role: "admin" });
    const res = await signIn(email, password);
    const who = { cookie: res.headers.get("set-cookie")!.split(";")[0], csrf: res.body.csrfToken as string };
    const post = (fields: Record<string, string>) =>
      call("POST", "/admin/api/password", {
        rawBody: new URLSearchParams(fields).toString(),
        // What a browser may send for this form (under Referrer-Policy no-referrer, or a privacy setting): Origin null.
        headers: { cookie: who.cookie, "content-type": "application/x-www-form-urlencoded", origin: "null", host: "pay.test" },
      });
    const short = await post({ csrf: who.csrf, currentPassword: password, newPassword: "short", confirmation: "short" });
    expect([short.status, short.headers.get("location")]).toEqual([303, "/admin/password?error=short"]);
    const noToken = await post({ currentPassword: password, newPassword: "my own long passphrase", confirmation: "my own long passphrase" });
    expect(noToken.status).toBe(403);
    // A JSON call from an origin that is not this host is refused even with the token.
    const crossJson = await call("POST", "/admin/api/password", {
      body: { currentPassword: password, newPassword: "my own long passphrase", confirmation: "my own long passphrase" },
      headers: { ...as(who), origin: "null", host: "pay.test" },
    });
    expect(crossJson.status).toBe(403);
    const done = await post({ csrf: who.csrf, currentPassword: password, newPassword: "my own long passphrase", confirmation: "my own long passphrase" });
    expect([done.status, done.headers.get("location")]).toEqual([303, "/admin"]);
    expect((await db().user.findUniqueOrThrow({ where: { email } })).mustChangePassword).toBe(false);
  });

  it("an account made with an explicit password is not forced to change it", async () => {
    const email = `chosen-${Date.now()}@support.example`;
    await createStaff(db(), { email, role: "support", password: "a chosen long password" });
    const res = await signIn(email, "a chosen long password");
    expect(res.body.mustChangePassword).toBe(false);
    const who = { cookie: res.headers.get("set-cookie")!.split(";")[0], csrf: res.body.csrfToken as string };
    expect((await call("GET", "/admin/api/links", { headers: as(who) })).status).toBe(200);
  });
});
