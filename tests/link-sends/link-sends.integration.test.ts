import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/core/db/client";
import { formatMinor } from "@/lib/core/domain/money";
import { appMetrics } from "@/lib/core/metrics/registry";
import { linkSendingView, sendLinkFromForm } from "@/lib/surfaces/dashboard/send-link-from-form";
import { createMemberLogin } from "@/lib/features/auth/create-member-login";
import { createMerchant } from "@/lib/features/merchants/create-merchant";
import { call, ORIGIN } from "../helpers/api-client";
import { newKey, validLink } from "../helpers/fixtures";
import { startAppServer, type RunningServer } from "../helpers/app-server";
import { africasTalkingFakeEnv, startAfricasTalkingFake, type AfricasTalkingFake } from "../fakes/africastalking-fake";
import { contractError } from "../helpers/contract-error";

// POST /api/v4/payments/link/{reference}/send and GET .../sends, live and sandbox, against the
// Africa's Talking fake (SMS) and the development outbox (e-mail, no SMTP_URL), with the delivery
// reports the fake posts to our callback route over real HTTP.

const SECRET = "dlr-secret-for-tests-0123456789";
let fake: AfricasTalkingFake;
let app: RunningServer;
const saved = { ...process.env };

beforeAll(async () => {
  fake = await startAfricasTalkingFake();
  app = await startAppServer();
  fake.sendReportsTo(`${app.origin}/api/sms/africastalking/delivery-reports/${SECRET}`);
  Object.assign(process.env, africasTalkingFakeEnv(fake), { SMS_DELIVERY_REPORT_SECRET: SECRET });
  delete process.env.SMTP_URL;
});
afterEach(() => {
  for (const name of ["LINK_SENDS_PER_HOUR_PER_RECIPIENT", "LINK_SENDS_PER_DAY_PER_MERCHANT", "SMS_PROVIDER", "SMS_ALLOWED_COUNTRIES", "SMS_SENDS_PER_DAY_PER_RECIPIENT", "SMS_SENDS_PER_DAY_PER_MERCHANT"]) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
  process.env.SMS_PROVIDER = "africastalking";
});
afterAll(async () => {
  process.env = saved;
  await Promise.all([fake.close(), app.close()]);
});

let phones = 0;
/** A number of Côte d'Ivoire no other test uses, local and international. */
function customerPhone() {
  const national = `07${String(Date.now() % 1e6).padStart(6, "0")}${String(++phones % 100).padStart(2, "0")}`;
  return { local: `${national.slice(0, 2)} ${national.slice(2, 4)} ${national.slice(4, 6)} ${national.slice(6, 8)} ${national.slice(8)}`, international: `+225${national}` };
}

async function merchantIn(country: string | undefined) {
  return createMerchant(db(), { name: `Sending shop ${Date.now()} ${Math.random()}`, country });
}

async function link(key: string, prefix = "/test") {
  const res = await call("POST", `${prefix}/api/v4/payments/link`, { key, body: validLink });
  expect(res.status).toBe(200);
  return res.body.reference as string;
}

/** The count of messages sent on `channel` with `outcome` so far in this process (pcs_message_sends_total). */
async function sendsCounted(channel: "sms" | "email", outcome: string) {
  const { values } = await appMetrics().messageSends.get();
  return values.find((v) => v.labels.channel === channel && v.labels.outcome === outcome)?.value ?? 0;
}

const send = (key: string, reference: string, body: unknown, prefix = "/test") => call("POST", `${prefix}/api/v4/payments/link/${reference}/send`, { key, body });
const sends = (key: string, reference: string, prefix = "/test") => call("GET", `${prefix}/api/v4/payments/link/${reference}/sends`, { key });

describe("sending a link by SMS", () => {
  it("reads a local number in the merchant's country, sends the link through the provider, and shows the delivery report", async () => {
    const merchant = await merchantIn("CI");
    const reference = await link(merchant.sandboxKey);
    const phone = customerPhone();
    const res = await send(merchant.sandboxKey, reference, { channel: "sms", to: phone.local, language: "en" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ reference, purpose: "link", channel: "sms", to: phone.international, status: "sent", failureReason: null, deliveredAt: null });
    expect(res.body.id).toMatch(/^send_[0-9A-Z]{26}$/);
    const message = fake.messages.find((m) => m.to === phone.international)!;
    // The name's digit runs (Date.now(), Math.random()) look like phone numbers: left out of the text.
    expect(message.message).toBe(`[TEST] Sending shop: 5,000 F CFA for Order #1234. Pay here: ${ORIGIN}/test/pay/${reference}`);

    // The fake's delivery report reaches our callback over HTTP: the send is delivered.
    await expect.poll(async () => (await sends(merchant.sandboxKey, reference)).body.data[0].status).toBe("delivered");
    const listed = (await sends(merchant.sandboxKey, reference)).body;
    expect(listed.data).toHaveLength(1);
    expect(listed.data[0]).toMatchObject({ id: res.body.id, status: "delivered", deliveredAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/) });
  });

  it("records the provider's refusal and a failed delivery report as failed sends with their reasons", async () => {
    const merchant = await merchantIn("CI");
    const reference = await link(merchant.liveKey, "");
    const counted = { sent: await sendsCounted("sms", "sent"), invalid: await sendsCounted("sms", "invalid_number"), error: await sendsCounted("sms", "provider_error") };
    const refused = customerPhone();
    fake.script(refused.international, { statusCode: 403 });
    const first = await send(merchant.liveKey, reference, { channel: "sms", to: refused.international }, "");
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ status: "failed", failureReason: "invalid_number", failedAt: expect.any(String) });

    const unreachable = customerPhone();
    fake.script(unreachable.international, { report: "none" });
    const second = await send(merchant.liveKey, reference, { channel: "sms", to: unreachable.international }, "");
    expect(second.body.status).toBe("sent");
    // A live message carries no test marker.
    const message = fake.messages.find((m) => m.to === unreachable.international)!;
    expect(message.message).toMatch(/^Sending shop/);
    // The telco's answer, after ours was recorded.
    expect(await fake.report(message.id, "Failed", "UserDoesNotExist")).toBe(200);
    expect(await db().linkSend.findUniqueOrThrow({ where: { id: second.body.id } })).toMatchObject({ status: "failed", failureReason: "invalid_number", providerStatus: "Failed: UserDoesNotExist" });

    fake.failNext({ status: 500 });
    const third = await send(merchant.liveKey, reference, { channel: "sms", to: customerPhone().international }, "");
    expect(third.body).toMatchObject({ status: "failed", failureReason: "provider_error" });
    // The metrics count each by what the provider answered (a later delivery report is not a send).
    expect(await sendsCounted("sms", "sent")).toBe(counted.sent + 1);
    expect(await sendsCounted("sms", "invalid_number")).toBe(counted.invalid + 1);
    expect(await sendsCounted("sms", "provider_error")).toBe(counted.error + 1);
    // The sandbox does not see the live link's sends, nor the live key the sandbox's.
    expect((await sends(merchant.sandboxKey, reference)).status).toBe(404);
  });

  it("applies a delivery report that reached us before the provider's answer to the send (none is lost)", async () => {
    const merchant = await merchantIn("CI");
    const reference = await link(merchant.liveKey, "");
    const phone = customerPhone();
    fake.script(phone.international, { report: "Failed", failureReason: "UserDoesNotExist", beforeAnswer: true });
    const res = await send(merchant.liveKey, reference, { channel: "sms", to: phone.international }, "");
    // The answer says what the provider answered to this request; the report shows in the record.
    expect(res.body.status).toBe("sent");
    const row = await db().linkSend.findUniqueOrThrow({ where: { id: res.body.id } });
    expect(row).toMatchObject({ status: "failed", failureReason: "invalid_number", providerStatus: "Failed: UserDoesNotExist" });
    expect((await sends(merchant.liveKey, reference, "")).body.data[0]).toMatchObject({ id: res.body.id, status: "failed" });
    // Applied once, then forgotten.
    expect(await db().earlyDeliveryReport.count({ where: { providerMessageId: row.providerMessageId! } })).toBe(0);
    // Replayed now, it is an ordinary late report: nothing changes.
    expect(await fake.report(row.providerMessageId!, "Success")).toBe(200);
    expect((await db().linkSend.findUniqueOrThrow({ where: { id: res.body.id } })).status).toBe("failed");
  });

  it("answers 503/50300 when no SMS provider is configured, and writes nothing", async () => {
    const merchant = await merchantIn("CI");
    const reference = await link(merchant.sandboxKey);
    process.env.SMS_PROVIDER = "none";
    const res = await send(merchant.sandboxKey, reference, { channel: "sms", to: customerPhone().international });
    expect(res.status).toBe(503);
    expect(res.body.error).toMatchObject({ code: 50300, details: expect.stringContaining("SMS_PROVIDER is none") });
    expect(await db().linkSend.count({ where: { merchantId: merchant.id } })).toBe(0);
  });
});

describe("a service whose Africa's Talking app is a live one", () => {
  // Anyone can open an account and text from test mode without ever being activated: those texts
  // must not reach real phones on the service's account. Two apps, each its own fake with its own
  // key: the live one, and the sandbox one (username "sandbox"), whose texts only its simulator shows.
  let liveApp: AfricasTalkingFake;
  let sandboxApp: AfricasTalkingFake;
  const liveAppEnv = () => ({ AFRICASTALKING_BASE_URL: liveApp.url, AFRICASTALKING_USERNAME: liveApp.config.username, AFRICASTALKING_API_KEY: liveApp.config.apiKey });
  beforeAll(async () => {
    [liveApp, sandboxApp] = await Promise.all([startAfricasTalkingFake({ app: { username: "boutique-pay", apiKey: "atsk_liveAppKeyForTests0123456789" } }), startAfricasTalkingFake()]);
  });
  afterEach(() => {
    Object.assign(process.env, africasTalkingFakeEnv(fake));
    delete process.env.AFRICASTALKING_SANDBOX_API_KEY;
    delete process.env.AFRICASTALKING_SANDBOX_BASE_URL;
  });
  afterAll(() => Promise.all([liveApp.close(), sandboxApp.close()]));

  it("texts a live link from the live app and a test-mode link only through the sandbox app", async () => {
    Object.assign(process.env, liveAppEnv(), { AFRICASTALKING_SANDBOX_API_KEY: sandboxApp.config.apiKey, AFRICASTALKING_SANDBOX_BASE_URL: sandboxApp.url });
    const merchant = await merchantIn("CI");
    const [testPhone, livePhone] = [customerPhone().international, customerPhone().international];
    expect((await send(merchant.sandboxKey, await link(merchant.sandboxKey), { channel: "sms", to: testPhone })).body).toMatchObject({ status: "sent" });
    expect((await send(merchant.liveKey, await link(merchant.liveKey, ""), { channel: "sms", to: livePhone }, "")).body).toMatchObject({ status: "sent" });
    expect(sandboxApp.messages.map((m) => m.to)).toEqual([testPhone]);
    expect(liveApp.messages.map((m) => m.to)).toEqual([livePhone]);
    expect(sandboxApp.messages[0].message).toMatch(/^\[TEST\] /);
  });

  it("refuses a test-mode text without the sandbox app (503/50300 naming the setting), writing and texting nothing; the dashboard offers no SMS there", async () => {
    Object.assign(process.env, liveAppEnv());
    const merchant = await merchantIn("CI");
    const reference = await link(merchant.sandboxKey);
    const texted = liveApp.messages.length;
    const res = await send(merchant.sandboxKey, reference, { channel: "sms", to: customerPhone().international });
    expect(res.status).toBe(503);
    expect(res.body.error).toMatchObject({ code: 50300, details: expect.stringContaining("AFRICASTALKING_SANDBOX_API_KEY unset") });
    expect(await db().linkSend.count({ where: { merchantId: merchant.id } })).toBe(0);
    expect(liveApp.messages.length).toBe(texted);
    expect((await linkSendingView(db(), { merchantId: merchant.id, environment: "sandbox" }, reference)).smsAvailable).toBe(false);
    // Live texts are unaffected.
    const liveLink = await link(merchant.liveKey, "");
    expect((await send(merchant.liveKey, liveLink, { channel: "sms", to: customerPhone().international }, "")).body).toMatchObject({ status: "sent" });
    expect((await linkSendingView(db(), { merchantId: merchant.id, environment: "live" }, liveLink)).smsAvailable).toBe(true);
  });
});

describe("sending a link by e-mail", () => {
  it("puts a test-mode mail through the mail path (the outbox without SMTP_URL) to a member's address, in French by default, marked sent", async () => {
    const merchant = await merchantIn(undefined);
    const to = `Awa.${Date.now()}@Example.com`;
    await createMemberLogin(db(), { merchant, email: to, role: "viewer" });
    const reference = await link(merchant.sandboxKey);
    const mailsCounted = await sendsCounted("email", "sent");
    const res = await send(merchant.sandboxKey, reference, { channel: "email", to });
    expect(res.body).toMatchObject({ channel: "email", to: to.toLowerCase(), status: "sent", sentAt: expect.any(String) });
    expect(await sendsCounted("email", "sent")).toBe(mailsCounted + 1);
    const mail = await db().outboxMail.findFirstOrThrow({ where: { to: to.toLowerCase() } });
    expect(mail.subject).toBe(`[TEST] ${merchant.name} vous demande de payer ${formatMinor(5000n, "XOF", "fr")}`);
    expect(mail.text).toContain(`${ORIGIN}/test/pay/${reference}`);
    expect(mail.text).toContain("aucun argent ne circule");
  });

  it("mails nobody outside the account from test mode: the send fails at once with test_mode_recipient; live mode mails anyone", async () => {
    const merchant = await merchantIn("CI");
    const other = await merchantIn("CI");
    // A member of another account is outside this one too.
    const otherMember = `member.${Date.now()}@other.example`;
    await createMemberLogin(db(), { merchant: other, email: otherMember });
    const stranger = `stranger.${Date.now()}@example.com`;
    const reference = await link(merchant.sandboxKey);
    for (const to of [stranger, otherMember]) {
      const res = await send(merchant.sandboxKey, reference, { channel: "email", to });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ to, status: "failed", failureReason: "test_mode_recipient", sentAt: null, failedAt: expect.any(String) });
      expect(await db().outboxMail.count({ where: { to } })).toBe(0);
    }
    expect((await sends(merchant.sandboxKey, reference)).body.data.map((s: { failureReason: string }) => s.failureReason)).toEqual(["test_mode_recipient", "test_mode_recipient"]);

    const live = await send(merchant.liveKey, await link(merchant.liveKey, ""), { channel: "email", to: stranger }, "");
    expect(live.body).toMatchObject({ status: "sent" });
    expect(await db().outboxMail.count({ where: { to: stranger } })).toBe(1);
  });
});

describe("what cannot be sent", () => {
  it("refuses bad input in the error envelope, before anything is written", async () => {
    const merchant = await merchantIn(undefined);
    const reference = await link(merchant.sandboxKey);
    const cases: [unknown, number, string][] = [
      [{ channel: "sms", to: "07 00 00 04 44" }, 40014, "your account has no country to read a local number in"],
      [{ channel: "sms", to: "call me" }, 40014, "to must be a phone number"],
      [{ channel: "email", to: "not-an-address" }, 40023, "to must be a valid e-mail address"],
      [{ channel: "fax", to: "+2250700000444" }, 40023, "channel"],
      [{ channel: "sms" }, 40023, "to"],
      [{ channel: "sms", to: "+2250700000444", extra: 1 }, 40023, "extra"],
    ];
    for (const [body, code, details] of cases) {
      const res = await send(merchant.sandboxKey, reference, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code, JSON.stringify(body)).toBe(code);
      expect(res.body.error.details, JSON.stringify(body)).toContain(details);
    }
    expect(await db().linkSend.count({ where: { merchantId: merchant.id } })).toBe(0);
  });

  it("refuses a link that can no longer be paid (40020), another merchant's (404), and a key without links:write (403)", async () => {
    const merchant = await merchantIn("CI");
    const reference = await link(merchant.sandboxKey);
    await db().paymentLink.update({ where: { reference }, data: { status: "completed", completedAt: new Date() } });
    const done = await send(merchant.sandboxKey, reference, { channel: "email", to: "awa@example.com" });
    expect(done.status).toBe(400);
    expect(done.body.error).toMatchObject({ code: 40020, details: expect.stringContaining("can no longer be paid (completed)") });

    const other = await merchantIn("CI");
    const open = await link(merchant.sandboxKey);
    expect((await send(other.sandboxKey, open, { channel: "email", to: "awa@example.com" })).status).toBe(404);
    expect((await send(merchant.liveKey, open, { channel: "email", to: "awa@example.com" }, "")).status).toBe(404);
    const readOnly = await newKey(merchant.id, "sandbox", { scopes: ["links:read"] });
    expect((await send(readOnly.key, open, { channel: "email", to: "awa@example.com" })).body.error.code).toBe(40001);
    expect((await sends(readOnly.key, open)).status).toBe(200);
  });

  it("holds a recipient to a few sends of a link per hour and a merchant to a daily cap (429/42900 with Retry-After)", async () => {
    process.env.LINK_SENDS_PER_HOUR_PER_RECIPIENT = "2";
    const merchant = await merchantIn("CI");
    const reference = await link(merchant.sandboxKey);
    const to = `limited.${Date.now()}@example.com`;
    expect((await send(merchant.sandboxKey, reference, { channel: "email", to })).status).toBe(200);
    expect((await send(merchant.sandboxKey, reference, { channel: "email", to: to.toUpperCase() })).status).toBe(200);
    const refused = await send(merchant.sandboxKey, reference, { channel: "email", to });
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatchObject({ code: 42900, details: expect.stringContaining("At most 2 sends of this link to this recipient per hour") });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another recipient is still welcome.
    expect((await send(merchant.sandboxKey, reference, { channel: "email", to: `other.${to}` })).status).toBe(200);

    process.env.LINK_SENDS_PER_DAY_PER_MERCHANT = "1";
    const capped = await merchantIn("CI");
    const capped1 = await link(capped.sandboxKey);
    expect((await send(capped.sandboxKey, capped1, { channel: "email", to: `a.${to}` })).status).toBe(200);
    const over = await send(capped.sandboxKey, capped1, { channel: "email", to: `b.${to}` });
    expect(over.body.error).toMatchObject({ code: 42900, details: expect.stringContaining("At most 1 link sends per day") });
    expect(await db().linkSend.count({ where: { merchantId: capped.id } })).toBe(1);
  });
});

describe("SMS toll fraud (issue 34): what an attacker with an account cannot make the service pay for", () => {
  const texted = (to: string) => fake.messages.filter((m) => m.to === to).length;

  it("refuses premium-rate and other non-mobile ranges, even in a country allowed to be texted (40014), writing and texting nothing", async () => {
    process.env.SMS_ALLOWED_COUNTRIES = "CI,FR,GB";
    const merchant = await merchantIn("CI");
    const reference = await link(merchant.liveKey, "");
    const cases: [to: string, type: string][] = [
      ["+33899123456", "premium-rate"], // France, 089x
      ["+449098790000", "premium-rate"], // United Kingdom, 09xx
      ["+2252720212345", "fixed-line"], // Côte d'Ivoire, a landline
    ];
    for (const [to, type] of cases) {
      const res = await send(merchant.liveKey, reference, { channel: "sms", to }, "");
      expect(res.status, to).toBe(400);
      expect(res.body.error, to).toMatchObject({ code: 40014, details: expect.stringContaining(`is a ${type} number`) });
      expect(texted(to), to).toBe(0);
    }
    // A mobile of an allowed country still goes.
    const mobile = await send(merchant.liveKey, reference, { channel: "sms", to: "+33612345678" }, "");
    expect(mobile.body, JSON.stringify(mobile.body)).toMatchObject({ status: "sent" });
    expect(await db().linkSend.count({ where: { merchantId: merchant.id } })).toBe(1);
  });

  it("refuses a number of a country the service does not serve (default: the served countries)", async () => {
    const merchant = await merchantIn("CI");
    const reference = await link(merchant.liveKey, "");
    for (const to of ["+33698765432", "+447911123456", "+33899123456", "+882345678901"]) {
      const res = await send(merchant.liveKey, reference, { channel: "sms", to }, "");
      expect(res.status, to).toBe(400);
      expect(res.body.error, to).toMatchObject({ code: 40014, details: expect.stringContaining("countries this service serves") });
      expect(texted(to), to).toBe(0);
    }
    expect(await db().linkSend.count({ where: { merchantId: merchant.id } })).toBe(0);
  });

  it("caps one phone's texts per day across links and accounts: a fourth link to the same phone is refused (429/42900)", async () => {
    process.env.SMS_SENDS_PER_DAY_PER_RECIPIENT = "3";
    const [first, second] = [await merchantIn("CI"), await merchantIn("CI")];
    const victim = customerPhone().international;
    const links = [await link(first.liveKey, ""), await link(first.liveKey, ""), await link(second.liveKey, ""), await link(second.liveKey, "")];
    const owners = [first, first, second, second];
    for (let i = 0; i < 3; i++) expect((await send(owners[i].liveKey, links[i], { channel: "sms", to: victim }, "")).body, `link ${i + 1}`).toMatchObject({ status: "sent" });
    const fourth = await send(second.liveKey, links[3], { channel: "sms", to: victim }, "");
    expect(fourth.status).toBe(429);
    expect(fourth.body.error).toMatchObject({ code: 42900, details: expect.stringContaining("At most 3 texts to one phone number per day") });
    expect(Number(fourth.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(texted(victim)).toBe(3);
    expect(await db().linkSend.count({ where: { recipient: victim } })).toBe(3);
  });

  it("holds the phone's cap when the sends race: never more texts than the cap", async () => {
    process.env.SMS_SENDS_PER_DAY_PER_RECIPIENT = "2";
    const merchants = await Promise.all([1, 2, 3].map(() => merchantIn("CI")));
    const victim = customerPhone().international;
    const links = await Promise.all(merchants.flatMap((m) => [link(m.liveKey, ""), link(m.liveKey, "")]));
    const answers = await Promise.all(links.map((reference, i) => send(merchants[Math.floor(i / 2)].liveKey, reference, { channel: "sms", to: victim }, "")));
    expect(answers.filter((res) => res.status === 200).length).toBeLessThanOrEqual(2);
    expect(answers.every((res) => res.status === 200 || res.body.error?.code === 42900)).toBe(true);
    expect(texted(victim)).toBeLessThanOrEqual(2);
    expect(await db().linkSend.count({ where: { recipient: victim } })).toBe(texted(victim));
  });

  it("caps a merchant's texts per day (429/42900), whatever the recipients", async () => {
    process.env.SMS_SENDS_PER_DAY_PER_MERCHANT = "2";
    const merchant = await merchantIn("CI");
    const reference = await link(merchant.liveKey, "");
    for (let i = 0; i < 2; i++) expect((await send(merchant.liveKey, reference, { channel: "sms", to: customerPhone().international }, "")).body).toMatchObject({ status: "sent" });
    const phone = customerPhone().international;
    const over = await send(merchant.liveKey, reference, { channel: "sms", to: phone }, "");
    expect(over.status).toBe(429);
    expect(over.body.error).toMatchObject({ code: 42900, details: expect.stringContaining("At most 2 texts per day for this account") });
    expect(texted(phone)).toBe(0);
    expect(await db().linkSend.count({ where: { merchantId: merchant.id } })).toBe(2);
  });

  it("keeps the merchant's URLs, phone numbers and control characters out of the text, and bounds its length", async () => {
    const merchant = await createMerchant(db(), { name: "Shop\u202e moc.live www.pay-here.example", country: "CI" });
    const description = `Call +225 07 00 00 00 01 or go to https://evil.example/pay?x=1 evil.example/login\u0007\n${"x".repeat(300)}`;
    const res = await call("POST", "/api/v4/payments/link", { key: merchant.liveKey, body: { ...validLink, description } });
    expect(res.status).toBe(200);
    const phone = customerPhone().international;
    expect((await send(merchant.liveKey, res.body.reference, { channel: "sms", to: phone, language: "en" }, "")).body).toMatchObject({ status: "sent" });
    const text = fake.messages.find((m) => m.to === phone)!.message;
    expect(text).toMatch(/^Shop: 5,000 F CFA for Call or go to x+…\. Pay here: /);
    expect(text.replace(`${ORIGIN}/pay/${res.body.reference}`, "")).not.toMatch(/evil|moc|pay-here|https?:|\+225|07 00|0700000001|[\u0000-\u001f\u202e]/);
    expect(text).toContain(`Pay here: ${ORIGIN}/pay/${res.body.reference}`);
    expect(text.length - `${ORIGIN}/pay/${res.body.reference}`.length).toBeLessThanOrEqual(120);
  });

  it("holds the dashboard's form to the same rule", async () => {
    const merchant = await merchantIn("CI");
    const reference = await link(merchant.liveKey, "");
    expect(
      await contractError(sendLinkFromForm(db(), { merchantId: merchant.id, environment: "live" }, { userId: "u", origin: ORIGIN, locale: "en", form: { reference, channel: "sms", to: "+33899123456" } })),
    ).toMatchObject({ code: 40014 });
    expect(texted("+33899123456")).toBe(0);
  });
});

describe("the delivery report callback", () => {
  const reportsUrl = (secret: string | null) => `${app.origin}/api/sms/africastalking/delivery-reports${secret === null ? "" : `/${secret}`}`;

  /** A text sent and handed to the provider, whose delivery report has not come yet. */
  async function sentAwaitingReport() {
    const merchant = await merchantIn("CI");
    const reference = await link(merchant.sandboxKey);
    const phone = customerPhone().international;
    fake.script(phone, { report: "none" });
    const sent = (await send(merchant.sandboxKey, reference, { channel: "sms", to: phone })).body;
    return { phone, sent, row: await db().linkSend.findUniqueOrThrow({ where: { id: sent.id } }) };
  }


  it("refuses a report without the secret path segment, and applies a repeated report once", async () => {
    const { phone, sent, row } = await sentAwaitingReport();
    const report = (secret: string | null, status: string) =>
      fetch(reportsUrl(secret), {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ id: row.providerMessageId!, status, phoneNumber: phone, networkCode: "61205" }),
      });
    expect((await report(null, "Success")).status).toBe(401);
    expect((await report("wrong", "Success")).status).toBe(401);
    expect((await report(SECRET.slice(0, -1), "Success")).status).toBe(401);
    expect((await db().linkSend.findUniqueOrThrow({ where: { id: sent.id } })).status).toBe("sent");

    const first = await report(SECRET, "Success");
    expect(await first.json()).toEqual({ received: true, result: "updated" });
    const delivered = await db().linkSend.findUniqueOrThrow({ where: { id: sent.id } });
    expect(delivered.status).toBe("delivered");
    expect(await (await report(SECRET, "Success")).json()).toEqual({ received: true, result: "unchanged" });
    // A late "Failed" after Success changes nothing: delivered is final.
    expect(await (await report(SECRET, "Failed")).json()).toEqual({ received: true, result: "unchanged" });
    expect((await db().linkSend.findUniqueOrThrow({ where: { id: sent.id } })).deliveredAt).toEqual(delivered.deliveredAt);
    // An unknown message id is acknowledged (the provider must not retry it forever) and changes nothing.
    const unknown = await fetch(reportsUrl(SECRET), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ id: "ATXid_unknown", status: "Success" }),
    });
    expect(await unknown.json()).toEqual({ received: true, result: "unknown_message" });
    // It is kept in case its send is still recording the id (early-delivery-reports.ts).
    expect(await db().earlyDeliveryReport.findUnique({ where: { provider_providerMessageId: { provider: "africastalking", providerMessageId: "ATXid_unknown" } } })).toMatchObject({ state: "delivered", providerStatus: "Success" });
  });

  it("refuses the retired ?key= form even with the right secret (issue 34): a secret in a query string ends up in access logs", async () => {
    const { sent, row } = await sentAwaitingReport();
    const res = await fetch(`${reportsUrl(null)}?key=${SECRET}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ id: row.providerMessageId!, status: "Success" }),
    });
    expect(res.status).toBe(401);
    expect((await res.json()).error).toMatchObject({ code: 40002, details: expect.stringContaining("goes in the path") });
    expect((await db().linkSend.findUniqueOrThrow({ where: { id: sent.id } })).status).toBe("sent");
  });

  it("never writes the secret into a log line: not on a 500, not in the request log, whichever form the caller used (issue 34)", async () => {
    const lines: string[] = [];
    const keep = (...args: unknown[]) => void lines.push(args.map(String).join(" "));
    const spies = [vi.spyOn(console, "log").mockImplementation(keep), vi.spyOn(console, "error").mockImplementation(keep)];
    vi.stubEnv("LOG_LEVEL", "info");
    // The database fails under the report: the route's unhandled error, a 500.
    const failing = vi.spyOn(db().linkSend, "findUnique").mockRejectedValue(new Error("database unreachable"));
    const statuses: number[] = [];
    try {
      for (const url of [reportsUrl(SECRET), `${reportsUrl(SECRET)}?key=${SECRET}`, `${reportsUrl(null)}?key=${SECRET}`]) {
        const res = await fetch(url, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ id: "ATXid_x", status: "Success" }) });
        statuses.push(res.status);
      }
    } finally {
      failing.mockRestore();
      vi.unstubAllEnvs();
      for (const spy of spies) spy.mockRestore();
    }
    expect(statuses).toContain(500);
    expect(lines.some((line) => line.includes('"unhandled error"'))).toBe(true);
    expect(lines.filter((line) => line.includes(SECRET))).toEqual([]);
    expect(statuses).toEqual([500, 500, 401]);
    expect(lines.some((line) => line.includes("/api/sms/africastalking/delivery-reports/[redacted]"))).toBe(true);
  });
});
