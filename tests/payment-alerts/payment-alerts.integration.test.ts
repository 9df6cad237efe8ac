import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import { maskedPhone } from "@/lib/core/domain/masked-phone";
import { formatMinor } from "@/lib/core/domain/money";
import { transitionDeposit } from "@/lib/features/deposits/transition-deposit";
import { createMerchant } from "@/lib/features/merchants/create-merchant";
import { readAlertSettings, saveAlertSettings } from "@/lib/features/payment-alerts/alert-settings";
import { listReceivedPayments } from "@/lib/features/payment-alerts/list-received-payments";
import { sendDuePaymentAlerts, sendPaymentAlert } from "@/lib/features/payment-alerts/send-payment-alerts";
import { PAYMENT_ALERT_LIMIT_SETTING } from "@/lib/features/payment-alerts/alert-limits";
import { call, ORIGIN } from "../helpers/api-client";
import { newMember, validLink, waitForSandboxAnswer } from "../helpers/fixtures";
import { africasTalkingFakeEnv, startAfricasTalkingFake, type AfricasTalkingFake } from "../fakes/africastalking-fake";

// Issue 51 part 1: a completed payment alerts the merchant's members who asked for it, by SMS
// and/or e-mail, recorded in the payment's transaction (PaymentAlert, one row per payment, member
// and channel) and sent by the due-work pass after the commit, once, within the merchant's hourly limit.

let fake: AfricasTalkingFake;
const saved = { ...process.env };

beforeAll(async () => {
  fake = await startAfricasTalkingFake();
  Object.assign(process.env, africasTalkingFakeEnv(fake), { PAYMENT_BASE_URL: ORIGIN, BETTER_AUTH_URL: ORIGIN });
  delete process.env.SMTP_URL;
});
afterEach(() => {
  if (saved[PAYMENT_ALERT_LIMIT_SETTING] === undefined) delete process.env[PAYMENT_ALERT_LIMIT_SETTING];
  else process.env[PAYMENT_ALERT_LIMIT_SETTING] = saved[PAYMENT_ALERT_LIMIT_SETTING];
});
afterAll(async () => {
  process.env = saved;
  await fake.close();
});

let n = 0;
/** A Côte d'Ivoire number no other test uses. */
const phone = (ending = "5") => `+22505${String(Date.now() % 1e6).padStart(6, "0")}${++n % 10}${ending}`;

async function shop(name = "Chez Awa", defaultLanguage: string | null = null) {
  const merchant = await createMerchant(db(), { name, country: "CI" });
  if (defaultLanguage) await db().merchant.update({ where: { id: merchant.id }, data: { defaultLanguage } });
  return merchant;
}

/** A member of the merchant with their alert choice; their user id, e-mail and phone. */
async function member(merchantId: string, choice: { sms: boolean; email: boolean }, role: "owner" | "viewer" = "viewer") {
  const userId = await newMember(merchantId, role);
  const number = phone();
  // Typed the local way: read in the merchant's country (CI).
  await saveAlertSettings(db(), { merchantId, userId }, { ...choice, phone: `05 ${number.slice(6)}` });
  const { email } = await db().user.findUniqueOrThrow({ where: { id: userId } });
  return { userId, email, phone: number };
}

/** A sandbox DIRECT deposit the simulated phone never answers (…222): it waits for the test to complete it. */
async function pendingDeposit(key: string, amount = 5000) {
  const res = await call("POST", "/test/api/v4/classic/deposit/initiate", {
    key,
    body: { amount, currency: "XOF", customerPhone: `+2250700${String(++n).padStart(3, "0")}222`, country: "CI", gatewayName: "MTN_MOMO_CI" },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return db().deposit.findUniqueOrThrow({ where: { reference: res.body.reference } });
}

const complete = (id: string) => transitionDeposit(db(), { id, to: "completed" });
const alertsOf = (depositId: string) => db().paymentAlert.findMany({ where: { depositId }, orderBy: [{ channel: "asc" }] });
const textsTo = (to: string) => fake.messages.filter((m) => m.to === to);
const mailsTo = (to: string) => db().outboxMail.findMany({ where: { to } });
const pass = () => sendDuePaymentAlerts(db(), new Date(), 100);

describe("recording alerts with the payment", () => {
  it("records one alert per opted-in member and channel, none for who opted out, and sends each once after the commit", async () => {
    const merchant = await shop();
    const both = await member(merchant.id, { sms: true, email: true }, "owner");
    const mailOnly = await member(merchant.id, { sms: false, email: true });
    const none = await member(merchant.id, { sms: false, email: false });
    const deposit = await pendingDeposit(merchant.sandboxKey, 7500);

    expect(await alertsOf(deposit.id)).toEqual([]);
    expect(await complete(deposit.id)).toBe(true);
    const alerts = await alertsOf(deposit.id);
    const members = await db().member.findMany({ where: { organizationId: merchant.id }, select: { id: true, userId: true } });
    const memberOf = (userId: string) => members.find((m) => m.userId === userId)!.id;
    expect(alerts.map((a) => [a.memberId, a.channel, a.status]).sort()).toEqual(
      [
        [memberOf(both.userId), "email", "queued"],
        [memberOf(both.userId), "sms", "queued"],
        [memberOf(mailOnly.userId), "email", "queued"],
      ].sort(),
    );
    // Nothing sent inside the payment's transaction.
    expect(textsTo(both.phone)).toEqual([]);

    expect((await pass()).sent).toBe(3);
    const texts = textsTo(both.phone);
    expect(texts).toHaveLength(1);
    const amount = formatMinor(7500n, "XOF", "fr");
    // French (no language set), a test, the payer's number masked, the operator named, a link to the payment.
    const masked = maskedPhone(deposit.customerPhone);
    expect(masked).toBe(`+225 07 •• •• •${deposit.customerPhone.slice(-3, -2)} ${deposit.customerPhone.slice(-2)}`);
    // The SMS in plain spaces (GSM characters only), the mail in French typography.
    expect(texts[0].message).toBe(`[TEST] Paiement reçu : ${amount.replace(/[\u00a0\u202f]/g, " ")} de ${masked.replaceAll("•", "*")} (MTN MoMo Côte d'Ivoire), dépôt ${deposit.reference}. ${ORIGIN}/test/dashboard/deposits/${deposit.reference}`);
    expect(texts[0].message).not.toContain(deposit.customerPhone.slice(4));
    const [mail] = await mailsTo(mailOnly.email);
    expect(mail.subject).toBe(`[TEST] Paiement reçu\u202f: ${amount} de ${masked}`);
    expect(mail.text).toContain("Paiement de test\u202f: aucun argent réel n'a circulé.");
    expect(await mailsTo(both.email)).toHaveLength(1);
    expect(await mailsTo(none.email)).toHaveLength(0);
    expect((await alertsOf(deposit.id)).every((a) => a.status === "sent" && a.dueAt === null && a.sentAt)).toBe(true);

    // Another pass, and each alert sent again directly: nothing more leaves.
    expect((await pass()).claimed).toBe(0);
    for (const alert of alerts) expect(await sendPaymentAlert(db(), alert.id)).toBe(false);
    expect(textsTo(both.phone)).toHaveLength(1);
    expect(await mailsTo(both.email)).toHaveLength(1);
  });

  it("never records an alert twice when the completion is replayed or races itself", async () => {
    const merchant = await shop("Deux caisses");
    const owner = await member(merchant.id, { sms: true, email: true }, "owner");
    const deposit = await pendingDeposit(merchant.sandboxKey);
    const results = await Promise.all([complete(deposit.id), complete(deposit.id), complete(deposit.id)]);
    expect(results.filter(Boolean)).toHaveLength(1);
    // A late success replayed on the completed deposit changes nothing either.
    expect(await transitionDeposit(db(), { id: deposit.id, to: "completed", lateSuccess: true })).toBe(false);
    expect(await alertsOf(deposit.id)).toHaveLength(2);

    // Two passes racing (two processes' runners): each alert goes out once.
    const [a, b] = await Promise.all([pass(), pass()]);
    expect(a.sent + b.sent).toBe(2);
    expect(textsTo(owner.phone)).toHaveLength(1);
    expect(await mailsTo(owner.email)).toHaveLength(1);
  });

  it("alerts in the merchant's language and names the link that was paid", async () => {
    const merchant = await shop("Awa Shop", "en");
    const owner = await member(merchant.id, { sms: false, email: true }, "owner");
    const created = await call("POST", "/test/api/v4/payments/link", { key: merchant.sandboxKey, body: { ...validLink, description: "Blue wax fabric" } });
    const reference = created.body.reference as string;
    const started = await call("POST", `/test/api/checkout/${reference}/attempts`, {
      body: { country: "CI", gatewayName: "MTN_MOMO_CI", customerPhone: "+2250700000444" },
      headers: { "x-forwarded-for": "10.51.1.1" },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    await waitForSandboxAnswer(reference);
    await pass();
    const [mail] = await mailsTo(owner.email);
    expect(mail.subject).toBe(`[TEST] Payment received: ${formatMinor(5000n, "XOF", "en")} from +225 07 •• •• •4 44`);
    expect(mail.text).toContain(`Awa Shop received ${formatMinor(5000n, "XOF", "en")} from +225 07 •• •• •4 44 by MTN MoMo Côte d'Ivoire, link “Blue wax fabric”.`);
  });

  it("never alerts another merchant's members", async () => {
    const paid = await shop("Payée");
    const other = await shop("Autre boutique");
    const stranger = await member(other.id, { sms: true, email: true }, "owner");
    // A settings row forged to name the paid merchant on another merchant's member.
    await db().memberAlertSettings.updateMany({ where: { member: { organizationId: other.id } }, data: { merchantId: paid.id } });
    const deposit = await pendingDeposit(paid.sandboxKey);
    await complete(deposit.id);
    expect(await alertsOf(deposit.id)).toEqual([]);
    await pass();
    expect(textsTo(stranger.phone)).toEqual([]);
    expect(await mailsTo(stranger.email)).toEqual([]);
  });

  it("stops at the merchant's hourly limit: the rest are recorded failed, limit_reached", async () => {
    process.env[PAYMENT_ALERT_LIMIT_SETTING] = "2";
    const merchant = await shop("Beaucoup de ventes");
    await member(merchant.id, { sms: false, email: true }, "owner");
    const deposits = [];
    for (let i = 0; i < 3; i++) deposits.push(await pendingDeposit(merchant.sandboxKey, 100 + i));
    for (const d of deposits) await complete(d.id);
    await pass();
    const alerts = await db().paymentAlert.findMany({ where: { merchantId: merchant.id } });
    expect(alerts.map((a) => a.status).sort()).toEqual(["failed", "sent", "sent"]);
    expect(alerts.find((a) => a.status === "failed")!.failureReason).toBe("limit_reached");
    // Another merchant's alerts are not held back by it.
    const calm = await shop("Calme");
    const calmOwner = await member(calm.id, { sms: false, email: true }, "owner");
    await complete((await pendingDeposit(calm.sandboxKey)).id);
    await pass();
    expect(await mailsTo(calmOwner.email)).toHaveLength(1);
  });

  it("does not alert a member who turned the channel off after the payment", async () => {
    const merchant = await shop("Changement d'avis");
    const owner = await member(merchant.id, { sms: true, email: false }, "owner");
    const deposit = await pendingDeposit(merchant.sandboxKey);
    await complete(deposit.id);
    await saveAlertSettings(db(), { merchantId: merchant.id, userId: owner.userId }, { sms: false, email: false, phone: owner.phone });
    await pass();
    expect(textsTo(owner.phone)).toEqual([]);
    expect((await alertsOf(deposit.id)).map((a) => a.failureReason)).toEqual(["opted_out"]);
  });
});

describe("a member's own alert settings", () => {
  it("reads the phone in the merchant's country, requires it for SMS, and touches only the member's own row", async () => {
    const merchant = await shop("Réglages");
    const owner = await newMember(merchant.id, "owner");
    const viewer = await newMember(merchant.id, "viewer");
    await saveAlertSettings(db(), { merchantId: merchant.id, userId: owner }, { sms: true, email: false, phone: "+225 07 00 00 01 11" });
    const saved = await saveAlertSettings(db(), { merchantId: merchant.id, userId: viewer }, { sms: true, email: true, phone: "07 00 00 02 22" });
    expect(saved).toEqual({ sms: true, email: true, phone: "+2250700000222" });
    // The owner's choice is untouched by the viewer's.
    expect(await readAlertSettings(db(), { merchantId: merchant.id, userId: owner })).toEqual({ sms: true, email: false, phone: "+2250700000111" });
    await expect(saveAlertSettings(db(), { merchantId: merchant.id, userId: viewer }, { sms: true, email: false, phone: "" })).rejects.toMatchObject({ field: "phone", rule: "required" });
    await expect(saveAlertSettings(db(), { merchantId: merchant.id, userId: viewer }, { sms: true, email: false, phone: "12" })).rejects.toMatchObject({ field: "phone", reason: "phone" });
    // A user who is no member of this merchant has no settings to save here.
    const other = await shop("Ailleurs");
    const outsider = await newMember(other.id, "owner");
    await expect(saveAlertSettings(db(), { merchantId: merchant.id, userId: outsider }, { sms: false, email: true, phone: "" })).rejects.toMatchObject({ kind: "not_found" });
  });
});

describe("the payments received", () => {
  it("lists the merchant's completed payments of the environment, newest first, masked, in its time zone", async () => {
    const merchant = await shop("Liste");
    const first = await pendingDeposit(merchant.sandboxKey, 1000);
    const second = await pendingDeposit(merchant.sandboxKey, 2000);
    const waiting = await pendingDeposit(merchant.sandboxKey, 3000);
    await transitionDeposit(db(), { id: first.id, to: "completed", at: new Date(Date.now() - 60_000) });
    await complete(second.id);
    const { items, timeZone } = await listReceivedPayments(db(), { merchantId: merchant.id, environment: "sandbox" });
    expect(timeZone).toBe("Africa/Abidjan");
    expect(items.map((i) => i.reference)).toEqual([second.reference, first.reference]);
    expect(items.map((i) => i.reference)).not.toContain(waiting.reference);
    expect(items[0].payer).toMatch(/^\+225 07 •• •• •2 22$/);
    expect((await listReceivedPayments(db(), { merchantId: merchant.id, environment: "live" })).items).toEqual([]);
  });
});
