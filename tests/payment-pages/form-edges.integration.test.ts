import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import { call, dispatch, ORIGIN } from "../helpers/api-client";
import { newMerchant } from "../helpers/fixtures";

// Issue 46, items 9, 10 and 13, on a payment page's form (POST /p/{reference}/pay): its redirects
// are built on the public origin whatever X-Forwarded-Host says, carry nothing but the amount
// typed, and its body is read up to 8 KiB only.

let merchant: Awaited<ReturnType<typeof newMerchant>>;
let ip = 0;
const address = () => `198.51.100.${++ip % 250}`;
const PUBLIC = "https://pay.example.com";
const forged = { "x-forwarded-host": "evil.example", "x-forwarded-proto": "http" };

beforeAll(async () => {
  merchant = await newMerchant();
});
afterEach(() => {
  delete process.env.PAYMENT_BASE_URL;
});

async function newPage(body: Record<string, unknown>) {
  const res = await call("POST", "/test/api/v4/payments/page", { key: merchant.sandboxKey, body: { description: "Boutique Awa", currency: "XOF", ...body } });
  expect(res.status).toBe(200);
  return res.body.reference as string;
}

async function send(path: string, init: { method?: string; headers?: Record<string, string>; body?: BodyInit | null; duplex?: "half" }) {
  const headers = { "x-forwarded-for": address(), ...init.headers };
  const response = await dispatch(new Request(`${ORIGIN}${path}`, { method: init.method ?? "POST", ...init, headers } as RequestInit), path);
  return {
    status: response.status,
    location: response.headers.get("location"),
    cacheControl: response.headers.get("cache-control"),
    contentType: response.headers.get("content-type"),
    text: await response.text(),
  };
}

const postForm = (reference: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  send(`/test/p/${reference}/pay`, { headers: { "content-type": "application/x-www-form-urlencoded", origin: ORIGIN, ...headers }, body: new URLSearchParams(fields) });

describe("redirects on the public origin (item 9)", () => {
  it("the new link's checkout, the page with its error, the page for a cross-site post and for GET: on PAYMENT_BASE_URL, no-store", async () => {
    process.env.PAYMENT_BASE_URL = PUBLIC;
    const reference = await newPage({ minAmount: 500, maxAmount: 50000 });
    const page = `${PUBLIC}/test/p/${reference}`;

    const made = await postForm(reference, { amount: "2500" }, forged);
    const [link] = await db().paymentLink.findMany({ where: { paymentPageReference: reference } });
    expect([made.status, made.location, made.cacheControl]).toEqual([303, `${PUBLIC}/test/pay/${link.reference}`, "no-store"]);
    expect((await postForm(reference, { amount: "1" }, forged)).location).toBe(`${page}?error=outOfRange&amount=1`);
    expect((await postForm(reference, { amount: "2500" }, { ...forged, origin: "https://evil.example" })).location).toBe(page);
    const followed = await send(`/test/p/${reference}/pay`, { method: "GET", headers: forged });
    expect([followed.status, followed.location, followed.cacheControl]).toEqual([303, page, "no-store"]);
  });

  it("without a configured public address (development), the Host, not X-Forwarded-Host", async () => {
    const reference = await newPage({ amount: 2500 });
    const made = await postForm(reference, {}, forged);
    expect(new URL(made.location!).origin).toBe(ORIGIN);
  });
});

describe("nothing of the customer's in the address (item 10)", () => {
  it("the page's error redirect carries the error and the amount typed only, never another field posted", async () => {
    const reference = await newPage({ minAmount: 500, maxAmount: 50000 });
    const answer = await postForm(reference, { amount: "deux mille", phone: "0700000444", name: "Awa" });
    expect(answer.location).toBe(`${ORIGIN}/test/p/${reference}?error=notANumber&amount=deux+mille`);
  });
});

describe("the size of the form's body (item 13)", () => {
  function countedStream(total: number) {
    const counter = { pulled: 0 };
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= total) return controller.close();
        const chunk = sent === 0 ? new TextEncoder().encode("amount=2500&pad=".padEnd(1024, "x")) : new Uint8Array(1024).fill(120);
        sent += chunk.byteLength;
        counter.pulled += chunk.byteLength;
        controller.enqueue(chunk);
      },
    }, { highWaterMark: 0 });
    return { stream, counter };
  }

  it("declared over 8 KiB: 413, a page that says so and leads back, nothing read or made", async () => {
    const reference = await newPage({ minAmount: 500, maxAmount: 50000 });
    const { stream, counter } = countedStream(10 * 1024 * 1024);
    const answer = await send(`/test/p/${reference}/pay`, {
      headers: { "content-type": "application/x-www-form-urlencoded", origin: ORIGIN, "content-length": String(10 * 1024 * 1024) },
      body: stream,
      duplex: "half",
    });
    expect(answer.status).toBe(413);
    expect(answer.contentType).toMatch(/^text\/html/);
    expect(answer.cacheControl).toBe("no-store");
    expect(answer.text).toContain(`href="/test/p/${reference}"`);
    expect(counter.pulled).toBe(0);
    expect(await db().paymentLink.count({ where: { paymentPageReference: reference } })).toBe(0);
  });

  it("chunked: read up to 8 KiB only, then 413, nothing made", async () => {
    const reference = await newPage({ minAmount: 500, maxAmount: 50000 });
    const { stream, counter } = countedStream(10 * 1024 * 1024);
    const answer = await send(`/test/p/${reference}/pay`, { headers: { "content-type": "application/x-www-form-urlencoded", origin: ORIGIN }, body: stream, duplex: "half" });
    expect(answer.status).toBe(413);
    expect(counter.pulled).toBeLessThanOrEqual(10 * 1024);
    expect(await db().paymentLink.count({ where: { paymentPageReference: reference } })).toBe(0);
  });

  it("chunked under the cap: read whole, the link made", async () => {
    const reference = await newPage({ minAmount: 500, maxAmount: 50000 });
    const { stream } = countedStream(3 * 1024);
    const answer = await send(`/test/p/${reference}/pay`, { headers: { "content-type": "application/x-www-form-urlencoded", origin: ORIGIN }, body: stream, duplex: "half" });
    expect(answer.location).toMatch(/\/test\/pay\/LINK_TEST_/);
  });
});
