import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { call, dispatch, ORIGIN } from "../helpers/api-client";
import { newMerchant, validLink } from "../helpers/fixtures";

// Issue 46, items 9, 10 and 13, on the checkout's form route (POST /pay/{reference}/form, the
// checkout without JavaScript) and the checkout's JSON API: where its redirects go, what they
// carry, and how much of a body is read.

let merchant: Awaited<ReturnType<typeof newMerchant>>;
let ip = 0;
const address = () => `10.47.${Math.floor(++ip / 250)}.${ip % 250}`;
const PUBLIC = "https://pay.example.com";

beforeAll(async () => {
  merchant = await newMerchant();
});
afterEach(() => {
  delete process.env.PAYMENT_BASE_URL;
});

async function newLink() {
  const res = await call("POST", "/test/api/v4/payments/link", { key: merchant.sandboxKey, body: validLink });
  return res.body.reference as string;
}

type Sent = { status: number; location: string | null; cacheControl: string | null; setCookies: string[]; contentType: string | null; text: string };

async function send(path: string, init: { method?: string; headers?: Record<string, string>; body?: BodyInit | null; duplex?: "half" }): Promise<Sent> {
  const headers = { "x-forwarded-for": address(), ...init.headers };
  const response = await dispatch(new Request(`${ORIGIN}${path}`, { method: init.method ?? "POST", ...init, headers } as RequestInit), path);
  return {
    status: response.status,
    location: response.headers.get("location"),
    cacheControl: response.headers.get("cache-control"),
    setCookies: response.headers.getSetCookie(),
    contentType: response.headers.get("content-type"),
    text: await response.text(),
  };
}

/** The checkout's form posted as a browser posts it, from our own page. */
const postForm = (reference: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  send(`/test/pay/${reference}/form`, { headers: { "content-type": "application/x-www-form-urlencoded", origin: ORIGIN, ...headers }, body: new URLSearchParams(fields) });

describe("redirects on the public origin, never on X-Forwarded-Host (item 9)", () => {
  it("every answer of the form route is on PAYMENT_BASE_URL, with Cache-Control: no-store", async () => {
    process.env.PAYMENT_BASE_URL = PUBLIC;
    const reference = await newLink();
    const page = `${PUBLIC}/test/pay/${reference}`;
    const forged = { "x-forwarded-host": "evil.example", "x-forwarded-proto": "http" };

    const step = await postForm(reference, { intent: "choose", country: "CI", gateway: "MTN_MOMO_CI" }, forged);
    expect(step.status).toBe(303);
    expect(step.location).toBe(`${page}?country=CI&gateway=MTN_MOMO_CI&step=phone`);
    expect(step.cacheControl).toBe("no-store");
    // The forged host's own Origin: the attacker's request, still answered on our origin.
    const own = await postForm(reference, { intent: "choose", country: "CI", gateway: "MTN_MOMO_CI" }, { ...forged, origin: "http://evil.example" });
    expect(new URL(own.location!).origin).toBe(PUBLIC);
    // A step the form cannot read, and a cross-site post.
    expect((await postForm(reference, { intent: "refund" }, forged)).location).toBe(`${page}?error=generic`);
    expect((await postForm(reference, { intent: "check" }, { ...forged, origin: "https://evil.example" })).location).toBe(page);

    const followed = await send(`/test/pay/${reference}/form`, { method: "GET", headers: forged });
    expect([followed.status, followed.location, followed.cacheControl]).toEqual([303, page, "no-store"]);
  });

  it("without a configured public address (development), the Host, not X-Forwarded-Host", async () => {
    const reference = await newLink();
    const answer = await postForm(reference, { intent: "check" }, { "x-forwarded-host": "evil.example" });
    expect(answer.location).toBe(`${ORIGIN}/test/pay/${reference}`);
    const followed = await send(`/test/pay/${reference}/form`, { method: "GET", headers: { "x-forwarded-host": "evil.example" } });
    expect(followed.location).toBe(`${ORIGIN}/test/pay/${reference}`);
  });
});

describe("the customer's number stays out of the address (item 10)", () => {
  const phoneCookie = (sent: Sent) => sent.setCookies.find((c) => c.startsWith("pcs_checkout_phone="));

  it("an invalid number: no digits in the Location; the number goes back in a short-lived HttpOnly cookie of the link's page", async () => {
    const reference = await newLink();
    const answer = await postForm(reference, { intent: "pay", country: "CI", gateway: "MTN_MOMO_CI", phone: "07 12" });
    expect(answer.location).toBe(`${ORIGIN}/test/pay/${reference}?country=CI&gateway=MTN_MOMO_CI&step=phone&error=invalidPhone`);
    expect(answer.location).not.toContain("0712");
    const cookie = phoneCookie(answer);
    expect(cookie).toMatch(new RegExp(`^pcs_checkout_phone=0712; Path=/test/pay/${reference}; Max-Age=\\d+; HttpOnly; SameSite=Lax$`));
    expect(Number(/Max-Age=(\d+)/.exec(cookie!)![1])).toBeLessThanOrEqual(900);

    // The page, drawn again with that cookie, shows the number typed (the phone step after an error only).
    const { typedPhoneToShow } = await import("@/lib/surfaces/checkout/typed-phone");
    const headers = new Headers({ cookie: cookie!.split(";")[0] });
    expect(typedPhoneToShow({ step: "phone", error: "invalidPhone" }, headers)).toBe("0712");
    expect(typedPhoneToShow({ step: "phone", error: null }, headers)).toBe("");
    expect(typedPhoneToShow({ step: "gateway", error: "invalidPhone" }, headers)).toBe("");
  });

  it("a refused attempt (another checkout's payment in progress) keeps the number out of the address too; a started one clears the cookie", async () => {
    const reference = await newLink();
    const started = await postForm(reference, { intent: "pay", country: "CI", gateway: "MTN_MOMO_CI", phone: "0700000222" });
    expect(started.location).toBe(`${ORIGIN}/test/pay/${reference}?step=attempt`);
    expect(phoneCookie(started)).toMatch(/^pcs_checkout_phone=; Path=\/test\/pay\/\w+; Max-Age=0; HttpOnly; SameSite=Lax$/);

    const refused = await postForm(reference, { intent: "pay", country: "CI", gateway: "MTN_MOMO_CI", phone: "0700000444" });
    expect(refused.location).toContain("error=paymentInProgress");
    expect(refused.location).not.toMatch(/national|0700000444/);
    expect(phoneCookie(refused)).toMatch(/^pcs_checkout_phone=0700000444;/);
  });
});

describe("the size of a form's body (item 13)", () => {
  const CAP = 8 * 1024;

  /** A body streamed in 1 KiB chunks up to `total` bytes (no Content-Length: chunked), counting what the reader pulled. */
  function countedStream(total: number, prefix = "intent=check&pad=") {
    const counter = { pulled: 0 };
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= total) return controller.close();
        const chunk = sent === 0 ? new TextEncoder().encode(prefix.padEnd(1024, "x")) : new Uint8Array(1024).fill(120);
        sent += chunk.byteLength;
        counter.pulled += chunk.byteLength;
        controller.enqueue(chunk);
      },
    }, { highWaterMark: 0 });
    return { stream, counter };
  }

  it("a declared Content-Length over 8 KiB: 413, a page that says so, nothing read", async () => {
    const reference = await newLink();
    const { stream, counter } = countedStream(10 * 1024 * 1024);
    const answer = await send(`/test/pay/${reference}/form`, {
      headers: { "content-type": "application/x-www-form-urlencoded", origin: ORIGIN, "content-length": String(10 * 1024 * 1024) },
      body: stream,
      duplex: "half",
    });
    expect(answer.status).toBe(413);
    expect(answer.contentType).toMatch(/^text\/html/);
    expect(answer.cacheControl).toBe("no-store");
    expect(answer.text).toContain(`href="/test/pay/${reference}"`);
    expect(counter.pulled).toBe(0);
  });

  it("a chunked body: read up to 8 KiB only, then 413", async () => {
    const reference = await newLink();
    const { stream, counter } = countedStream(10 * 1024 * 1024);
    const answer = await send(`/test/pay/${reference}/form`, { headers: { "content-type": "application/x-www-form-urlencoded", origin: ORIGIN }, body: stream, duplex: "half" });
    expect(answer.status).toBe(413);
    expect(counter.pulled).toBeLessThanOrEqual(CAP + 2 * 1024);
  });

  it("a chunked body under the cap is read whole", async () => {
    const reference = await newLink();
    const { stream } = countedStream(4 * 1024, "intent=choose&country=CI&gateway=MTN_MOMO_CI&pad=");
    const answer = await send(`/test/pay/${reference}/form`, { headers: { "content-type": "application/x-www-form-urlencoded", origin: ORIGIN }, body: stream, duplex: "half" });
    expect(answer.location).toBe(`${ORIGIN}/test/pay/${reference}?country=CI&gateway=MTN_MOMO_CI&step=phone`);
  });

  it("the checkout's JSON API: 413/40023 over 8 KiB, declared or chunked", async () => {
    const reference = await newLink();
    const padded = JSON.stringify({ country: "CI", gatewayName: "MTN_MOMO_CI", customerPhone: "+2250700000222", pad: "x".repeat(CAP) });
    const declared = await call("POST", `/test/api/checkout/${reference}/attempts`, { rawBody: padded, headers: { "x-forwarded-for": address(), "content-length": String(Buffer.byteLength(padded)) } });
    expect([declared.status, declared.body.error.code]).toEqual([413, 40023]);

    const { stream, counter } = countedStream(10 * 1024 * 1024, '{"otp":"');
    const chunked = await send(`/test/api/checkout/${reference}/otp`, { headers: { "content-type": "application/json" }, body: stream, duplex: "half" });
    expect(chunked.status).toBe(413);
    expect(JSON.parse(chunked.text).error.code).toBe(40023);
    expect(counter.pulled).toBeLessThanOrEqual(CAP + 2 * 1024);
  });
});
