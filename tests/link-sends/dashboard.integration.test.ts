import { formatPhone } from "@/lib/core/domain/phone-display";
import { randomUUID } from "node:crypto";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { sendLinkAction } from "@/app/dashboard/(app)/links/send-link-action";
import { LinkSends } from "@/components/dashboard/link-sends";
import type { MemberRole } from "@/lib/features/auth/session-member";
import { createLinkFromForm } from "@/lib/surfaces/dashboard/create-link-from-form";
import type { MerchantScope } from "@/lib/core/domain/merchant-scope";
import { linkSendingView } from "@/lib/surfaces/dashboard/send-link-from-form";
import { db } from "@/lib/core/db/client";
import { ENVIRONMENT_HEADER } from "@/lib/core/request/environment-header";
import en from "@/messages/en.json";
import fr from "@/messages/fr.json";
import { ORIGIN } from "../helpers/api-client";
import { signedUpMerchant } from "../helpers/auth-session";
import { africasTalkingFakeEnv, startAfricasTalkingFake, type AfricasTalkingFake } from "../fakes/africastalking-fake";
import { nextRequest } from "../helpers/next-request";

// The link page's "Send to a customer" form (issue 28): the server action run as Next runs it,
// with the request's session cookie, the environment header and the page's language standing in
// for the request Next would give it. It goes through the API's sendPaymentLink: same rules, same
// limits, and the role table's links:create.

vi.mock("next/headers", async () => (await import("../helpers/next-request")).nextHeaders);
// The action re-renders the page it was posted from; there is no page here.
vi.mock("next/cache", async () => (await import("../helpers/next-request")).nextCache);
vi.mock("next-intl/server", async () => (await import("../helpers/next-request")).nextIntlServer());

type Person = { userId: string; cookie: string };

let fake: AfricasTalkingFake;
const saved = { ...process.env };
let owner: Person & { merchantId: string; email: string };
let scope: MerchantScope;

beforeAll(async () => {
  fake = await startAfricasTalkingFake();
  Object.assign(process.env, africasTalkingFakeEnv(fake));
  delete process.env.SMTP_URL;
  const { browser, email } = await signedUpMerchant({ businessName: "Boutique Sending" });
  const user = await db().user.findUniqueOrThrow({ where: { email }, include: { members: true } });
  owner = { userId: user.id, cookie: browser.cookieHeader(), merchantId: user.members[0].organizationId, email };
  await db().merchant.update({ where: { id: owner.merchantId }, data: { country: "SN" } });
  scope = { merchantId: owner.merchantId, environment: "sandbox" };
});
afterAll(async () => {
  process.env = saved;
  await fake.close();
});

async function memberOf(merchantId: string, role: MemberRole): Promise<Person> {
  const { browser, email } = await signedUpMerchant({ businessName: `Own shop of a ${role}` });
  const user = await db().user.findUniqueOrThrow({ where: { email } });
  await db().member.create({ data: { id: randomUUID(), organizationId: merchantId, userId: user.id, role, createdAt: new Date() } });
  await db().session.updateMany({ where: { userId: user.id }, data: { activeOrganizationId: merchantId } });
  return { userId: user.id, cookie: browser.cookieHeader() };
}

/** The action as the link page's form posts it, by `who`, on the sandbox dashboard, in `locale`. */
async function sendForm(who: Person, fields: Record<string, string>, locale: "en" | "fr" = "en") {
  nextRequest.headers = new Headers({ cookie: who.cookie, [ENVIRONMENT_HEADER]: "sandbox", host: new URL(ORIGIN).host, origin: ORIGIN });
  nextRequest.locale = locale;
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return sendLinkAction(null, form);
}

const newLink = async () => (await createLinkFromForm(db(), scope, { amount: "5000", currency: "XOF", description: "Robe wax" })).reference;
let phones = 0;
const localPhone = () => `77 ${String(Date.now() % 1e5).padStart(5, "0").slice(0, 3)} ${String(++phones).padStart(2, "0")} ${String(Date.now() % 100).padStart(2, "0")}`;

describe("the link page's Send form", () => {
  it("sends by SMS to a local number of the merchant's country, in the page's language, and lists the send", async () => {
    const reference = await newLink();
    const typed = localPhone();
    const international = `+221${typed.replace(/\s/g, "")}`;
    expect(await sendForm(owner, { reference, channel: "sms", to: typed }, "fr")).toEqual({ message: `Lien envoyé à ${international}.`, channel: "sms", to: "" });
    expect(fake.messages.find((m) => m.to === international)?.message).toBe(
      `[TEST] Boutique Sending : 5 000 F CFA pour Robe wax. Payez ici : ${ORIGIN}/test/pay/${reference}`,
    );
    await expect.poll(async () => (await linkSendingView(db(), scope, reference)).sends[0]?.status).toBe("sent");
    const view = await linkSendingView(db(), scope, reference);
    expect(view).toMatchObject({ sendable: true, smsAvailable: true, country: "SN" });
    expect(view.sends[0]).toMatchObject({ channel: "sms", recipient: international, requestedBy: `dashboard:${owner.userId}` });
    nextRequest.locale = "en";
    const html = renderToStaticMarkup(await LinkSends({ sends: view.sends, timeZone: "UTC" }));
    expect(html).toContain(formatPhone(international));
    expect(html).toContain("badge-sent");
  });

  it("a local number typed in the 'phone number or e-mail address' field is texted, whichever channel was left chosen (issue 35)", async () => {
    const reference = await newLink();
    const typed = localPhone();
    const international = `+221${typed.replace(/\s/g, "")}`;
    const state = await sendForm(owner, { reference, channel: "email", to: typed }, "fr");
    expect(state, JSON.stringify(state)).toMatchObject({ message: `Lien envoyé à ${international}.` });
    expect(fake.messages.find((m) => m.to === international)).toBeDefined();
  });

  it("sends by e-mail (in test mode, to the team only), and shows a refused send with its reason in words", async () => {
    const reference = await newLink();
    expect(await sendForm(owner, { reference, channel: "email", to: owner.email })).toMatchObject({ message: `Link sent to ${owner.email}.` });
    expect(await sendForm(owner, { reference, channel: "email", to: "fatou@example.com" })).toEqual({
      error: `Not sent to fatou@example.com: ${en.linkSending.failures.test_mode_recipient}.`,
      channel: "email",
      to: "fatou@example.com",
    });
    const refused = `+22177${String(Date.now()).slice(-7)}`;
    fake.script(refused, { statusCode: 405 });
    expect(await sendForm(owner, { reference, channel: "sms", to: refused }, "fr")).toEqual({
      error: `Non envoyé à ${refused}\u202f: ${fr.linkSending.failures.provider_balance}.`,
      channel: "sms",
      to: refused,
    });
    nextRequest.locale = "en";
    const html = renderToStaticMarkup(await LinkSends({ sends: (await linkSendingView(db(), scope, reference)).sends, timeZone: "UTC" }));
    expect(html).toContain(en.linkSending.failures.provider_balance.replace("'", "&#x27;"));
  });

  it("answers each refusal in the page's language and keeps what was typed", async () => {
    const reference = await newLink();
    for (const locale of ["en", "fr"] as const) {
      const words = (locale === "en" ? en : fr).linkSending.errors;
      expect(await sendForm(owner, { reference, channel: "sms", to: "not a number" }, locale)).toMatchObject({ error: words.phone, channel: "sms", to: "not a number" });
      expect(await sendForm(owner, { reference, channel: "email", to: "fatou@" }, locale)).toMatchObject({ error: words.email, channel: "email", to: "fatou@" });
      expect(await sendForm(owner, { reference: "LINK_TEST_01JD3Z8M6X5V4T3R2Q1P0N9M8K", channel: "email", to: "a@example.com" }, locale)).toMatchObject({ error: words.notFound });
    }
    process.env.SMS_PROVIDER = "none";
    try {
      expect(await sendForm(owner, { reference, channel: "sms", to: "+221770000001" }, "fr")).toMatchObject({ error: fr.linkSending.errors.smsUnavailable });
      expect((await linkSendingView(db(), scope, reference)).smsAvailable).toBe(false);
    } finally {
      process.env.SMS_PROVIDER = "africastalking";
    }
    await db().paymentLink.update({ where: { reference }, data: { status: "expired", expiredAt: new Date() } });
    expect(await sendForm(owner, { reference, channel: "email", to: "a@example.com" })).toMatchObject({ error: en.linkSending.errors.notSendable });
    expect((await linkSendingView(db(), scope, reference)).sendable).toBe(false);
  });

  it("meets the same limits as the API: a few sends of a link to one recipient per hour", async () => {
    process.env.LINK_SENDS_PER_HOUR_PER_RECIPIENT = "1";
    try {
      const reference = await newLink();
      expect(await sendForm(owner, { reference, channel: "email", to: owner.email })).toMatchObject({ message: expect.any(String) });
      expect(await sendForm(owner, { reference, channel: "email", to: owner.email }, "fr")).toMatchObject({ error: fr.linkSending.errors.tooMany });
    } finally {
      delete process.env.LINK_SENDS_PER_HOUR_PER_RECIPIENT;
    }
  });

  it("lets whoever may create links send them (developer), and not a viewer", async () => {
    const reference = await newLink();
    const developer = await memberOf(owner.merchantId, "developer");
    const viewer = await memberOf(owner.merchantId, "viewer");
    expect(await sendForm(developer, { reference, channel: "email", to: owner.email })).toMatchObject({ message: `Link sent to ${owner.email}.` });
    expect(await sendForm(viewer, { reference, channel: "email", to: "viewer@example.com" }, "fr")).toMatchObject({ error: fr.linkSending.errors.forbidden });
    expect(await db().linkSend.count({ where: { recipient: "viewer@example.com" } })).toBe(0);
  });
});

describe("a paid link's receipt sends in the Sends table (issue 36 part 4)", () => {
  it("labels each send the payment link or its receipt, in the member's language", async () => {
    const reference = await newLink();
    const link = await db().paymentLink.findUniqueOrThrow({ where: { reference } });
    const row = { paymentLinkId: link.id, merchantId: scope.merchantId, environment: "sandbox" as const, channel: "sms" as const, recipient: "+2250700000444", status: "sent" as const };
    await db().linkSend.create({ data: { ...row, id: `send_${randomUUID()}`, requestedBy: "api" } });
    await db().linkSend.create({ data: { ...row, id: `send_${randomUUID()}`, requestedBy: "receipt", purpose: "receipt", dedupeKey: `${link.id}:receipt:sms` } });
    const sends = (await linkSendingView(db(), scope, reference)).sends;
    expect(sends.map((send) => send.purpose).sort()).toEqual(["link", "receipt"]);
    for (const [locale, catalog] of [["en", en], ["fr", fr]] as const) {
      nextRequest.locale = locale;
      const html = renderToStaticMarkup(await LinkSends({ sends, timeZone: "UTC" }));
      expect(html).toContain(`<td>${catalog.linkSending.purpose.receipt}</td>`);
      expect(html).toContain(`<td>${catalog.linkSending.purpose.link}</td>`);
      expect(html).toContain(catalog.linkSending.history.what);
    }
  });
});
