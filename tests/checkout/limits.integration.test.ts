import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import { call, dispatch, ORIGIN } from "../helpers/api-client";
import { newMerchant, validLink } from "../helpers/fixtures";

// Issue 46, items 7 and 11: the checkout's write limits. The link's reference is public (QR codes,
// SMS), so a stranger's posts must spend only the stranger's own allowance: the customer holding
// the live attempt's token still types its code and pays, on the form path and through JSON. And
// "check the payment" (which may ask the operator) is limited like the other steps.

let merchant: Awaited<ReturnType<typeof newMerchant>>;
let ip = 0;
/** A fresh client address, so each test's limits are its own. */
const address = () => `10.46.${Math.floor(++ip / 250)}.${ip % 250}`;
/** The checkout limits' defaults (lib/features/checkout/checkout-limits.ts). */
const WRITES_PER_IP = 30;
const WRITES_PER_LINK = 20;

beforeAll(async () => {
  merchant = await newMerchant();
});

async function newLink() {
  const res = await call("POST", "/test/api/v4/payments/link", { key: merchant.sandboxKey, body: validLink });
  return res.body.reference as string;
}

const linkStatus = async (reference: string) => (await db().paymentLink.findUniqueOrThrow({ where: { reference } })).status;

/** A browser posting the checkout's forms without JavaScript, from one address, keeping its session cookie. */
function formBrowser(home = address()) {
  let cookie: string | null = null;
  return {
    async post(reference: string, fields: Record<string, string>, from = home) {
      const path = `/test/pay/${reference}/form`;
      const headers: Record<string, string> = { "content-type": "application/x-www-form-urlencoded", origin: ORIGIN, "x-forwarded-for": from };
      if (cookie) headers.cookie = cookie;
      const response = await dispatch(new Request(`${ORIGIN}${path}`, { method: "POST", headers, body: new URLSearchParams(fields) }), path);
      const session = response.headers.getSetCookie().find((c) => c.startsWith("pcs_checkout="));
      if (session) cookie = session.split(";")[0];
      return { status: response.status, location: response.headers.get("location") ?? "" };
    },
  };
}

/** A browser with JavaScript: the checkout's JSON API, from one address, keeping its session cookie. */
function jsonBrowser(home = address()) {
  let cookie: string | null = null;
  const send = async (method: string, path: string, body?: unknown, from = home) => {
    const res = await call(method, path, { body, headers: { "x-forwarded-for": from, ...(cookie ? { cookie } : {}) } });
    const session = res.headers.getSetCookie().find((c) => c.startsWith("pcs_checkout="));
    if (session) cookie = session.split(";")[0];
    return res;
  };
  return {
    start: (reference: string) => send("POST", `/test/api/checkout/${reference}/attempts`, { country: "CI", gatewayName: "ORANGE_MONEY_CI", customerPhone: "+2250700000444" }),
    otp: (reference: string, otp: string, from?: string) => send("POST", `/test/api/checkout/${reference}/otp`, { otp }, from),
    state: (reference: string) => send("GET", `/test/api/checkout/${reference}`),
  };
}

describe("a stranger hammering a link's public reference (item 7)", () => {
  it("form path: the stranger runs out of its own posts; the customer still confirms the code and pays", async () => {
    const reference = await newLink();
    const customer = formBrowser();
    expect((await customer.post(reference, { intent: "pay", country: "CI", gateway: "ORANGE_MONEY_CI", phone: "0700000444" })).location).toContain("step=attempt");

    // Codes and new attempts, well past what the link's own limit allows.
    const stranger = formBrowser();
    const answers = [];
    for (let i = 0; i < WRITES_PER_IP + 5; i++) {
      answers.push((await stranger.post(reference, { intent: i % 2 ? "otp" : "pay", otp: "000000", country: "CI", gateway: "ORANGE_MONEY_CI", phone: "0700000111" })).location);
    }
    const confirmed = await customer.post(reference, { intent: "otp", otp: "123456" });
    expect(confirmed.location).not.toContain("error=");
    expect(await linkStatus(reference)).toBe("completed");
    // The stranger was told "in progress" until its own address's posts ran out, then "too many".
    expect(answers.slice(0, WRITES_PER_IP).every((location) => location.includes("error=paymentInProgress"))).toBe(true);
    expect(answers.slice(WRITES_PER_IP).every((location) => location.includes("error=tooMany"))).toBe(true);
  });

  it("JSON: the stranger gets 409 then 429 from its own address's limit; the customer's code is taken (200) and pays", async () => {
    const reference = await newLink();
    const customer = jsonBrowser();
    expect((await customer.start(reference)).status).toBe(200);

    const stranger = jsonBrowser();
    const statuses = [];
    for (let i = 0; i < WRITES_PER_IP + 5; i++) statuses.push((await (i % 2 ? stranger.otp(reference, "000000") : stranger.start(reference))).status);
    const confirmed = await customer.otp(reference, "123456");
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.status).toBe("completed");
    expect(statuses.slice(0, WRITES_PER_IP).every((status) => status === 409)).toBe(true);
    expect(statuses.slice(WRITES_PER_IP).every((status) => status === 429)).toBe(true);
  });

  it("many strangers' addresses together do not spend the customer's allowance either", async () => {
    const reference = await newLink();
    const customer = jsonBrowser();
    await customer.start(reference);
    const statuses = [];
    for (let i = 0; i < WRITES_PER_LINK + 5; i++) statuses.push((await jsonBrowser().otp(reference, "000000")).status);
    expect((await customer.otp(reference, "123456")).status).toBe(200);
    expect(new Set(statuses)).toEqual(new Set([409]));
  });

  it("the customer's own checkout is still limited on the link, from any address (429 with its headers)", async () => {
    const reference = await newLink();
    const customer = jsonBrowser();
    await customer.start(reference);
    // Its session cookie, carried from a new address each time: the link's limit for the attempt's holder.
    let last;
    for (let i = 0; i < WRITES_PER_LINK + 1; i++) last = await customer.otp(reference, "000000", address());
    expect(last!.status).toBe(429);
    expect(last!.body.error.code).toBe(42900);
    expect(Number(last!.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(last!.headers.get("ratelimit-limit")).toBe(String(WRITES_PER_LINK));
  });
});

describe("'check the payment' (item 11)", () => {
  it("form path: limited per address, then the step says tooMany", async () => {
    const reference = await newLink();
    const someone = formBrowser();
    const answers = [];
    for (let i = 0; i < WRITES_PER_IP + 1; i++) answers.push((await someone.post(reference, { intent: "check" })).location);
    expect(answers.slice(0, WRITES_PER_IP).every((location) => !location.includes("error="))).toBe(true);
    expect(answers.at(-1)).toContain("error=tooMany");
  });

  it("form path: limited per link and attempt for the checkout holding it, whatever its address", async () => {
    const reference = await newLink();
    const customer = formBrowser();
    await customer.post(reference, { intent: "pay", country: "CI", gateway: "ORANGE_MONEY_CI", phone: "0700000444" });
    const answers = [];
    for (let i = 0; i < WRITES_PER_LINK + 1; i++) answers.push((await customer.post(reference, { intent: "check" }, address())).location);
    expect(answers.slice(0, WRITES_PER_LINK).every((location) => !location.includes("error="))).toBe(true);
    expect(answers.at(-1)).toContain("error=tooMany");
  });

  it("JSON (the state the page polls): 429 past the per-address limit", async () => {
    const reference = await newLink();
    const someone = jsonBrowser();
    let last;
    for (let i = 0; i < 121; i++) last = await someone.state(reference);
    expect(last!.status).toBe(429);
    expect(last!.body.error.code).toBe(42900);
  });
});
