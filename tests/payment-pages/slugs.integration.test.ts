import { NextRequest } from "next/server";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import { NOT_FOUND_PAGE_HEADER } from "@/lib/core/request/environment-header";
import { resolvePageAddress } from "@/lib/features/payment-pages/find-customer-page";
import { setPageSlug } from "@/lib/features/payment-pages/set-page-slug";
import { proxy } from "@/proxy";
import { call, dispatch, ORIGIN } from "../helpers/api-client";
import { contractError } from "../helpers/contract-error";
import { newMerchant } from "../helpers/fixtures";

// Issue 51, item 5: a payment page's short address (/p/boutique-awa), which the merchant chooses:
// its rules through the API, one slug one page across merchants and environments (the database
// decides between two claims), the old reference address still working, and proxy.ts serving the
// short address as the reference's, in its own environment only.

type Merchant = Awaited<ReturnType<typeof newMerchant>>;
let awa: Merchant;
let other: Merchant;
let counter = 0;
/** A slug no other test (nor an earlier run on the same database) holds. */
const fresh = (stem = "boutique-awa") => `${stem}-${Date.now().toString(36)}-${++counter}`;

beforeAll(async () => {
  [awa, other] = [await newMerchant(), await newMerchant()];
});

async function createPage(merchant: Merchant, body: Record<string, unknown>, environment: "sandbox" | "live" = "sandbox") {
  return call("POST", `${environment === "sandbox" ? "/test" : ""}/api/v4/payments/page`, {
    key: environment === "sandbox" ? merchant.sandboxKey : merchant.liveKey,
    body: { description: "Boutique Awa", currency: "XOF", amount: 2500, ...body },
  });
}

/** proxy.ts's answer to a customer's request: where Next is sent (the rewrite) and whether it is the 404. */
async function throughProxy(path: string, method = "GET") {
  const response = await proxy(new NextRequest(new URL(path, ORIGIN), { method, headers: { host: new URL(ORIGIN).host } }));
  const rewrite = response.headers.get("x-middleware-rewrite");
  return { rewrite: rewrite ? new URL(rewrite).pathname : null, status: response.status, notFound: response.headers.get(`x-middleware-request-${NOT_FOUND_PAGE_HEADER}`) };
}

describe("a page's slug through the API", () => {
  it("is set when the page is made, trimmed and in small letters, with its short URL beside the reference's", async () => {
    const slug = fresh();
    const res = await createPage(awa, { slug: `  ${slug.toUpperCase()} ` });
    expect(res.status).toBe(200);
    expect(res.body.slug).toBe(slug);
    expect(res.body.shortUrl).toBe(`${ORIGIN}/test/p/${slug}`);
    // The reference address and the QR code stay the reference's: a slug changed later breaks no printed code.
    expect(res.body.url).toBe(`${ORIGIN}/test/p/${res.body.reference}`);
    expect(res.body.qrCodeUrl).toBe(`${ORIGIN}/test/p/${res.body.reference}/qr.png`);
    expect((await db().paymentPage.findUniqueOrThrow({ where: { reference: res.body.reference } })).slug).toBe(slug);
    // Read back the same.
    const read = await call("GET", `/test/api/v4/payments/page/${res.body.reference}`, { key: awa.sandboxKey });
    expect(read.body).toMatchObject({ slug, shortUrl: `${ORIGIN}/test/p/${slug}` });
  });

  it("is optional: none, null in the JSON", async () => {
    const res = await createPage(awa, {});
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ slug: null, shortUrl: null });
  });

  it("refuses what is not lowercase letters, digits and single hyphens, 3 to 40 long, naming the field, and makes nothing", async () => {
    const refused: [string, RegExp][] = [
      ["ab", /at least 3/],
      ["a".repeat(41), /at most 40/],
      ["boutique awa", /letters/],
      ["boutique_awa", /letters/],
      ["-boutique", /letters/],
      ["boutique-", /letters/],
      ["boutique--awa", /letters/],
      ["boutique.awa", /letters/],
      ["../admin", /letters/],
      ["admin/users", /letters/],
      ["boutique%2Fawa", /letters/],
      // Look-alikes: Cyrillic "о", the Kelvin sign (which lowercases to ASCII "k"), full-width letters, a zero-width space, an accent.
      ["b\u043eutique-awa", /letters/],
      ["\u212Aiosque-awa", /letters/],
      ["\uff42\uff4f\uff55\uff54\uff49\uff51\uff55\uff45", /letters/],
      ["boutique\u200b-awa", /letters/],
      ["café-awa", /letters/],
    ];
    const before = await db().paymentPage.count({ where: { merchantId: awa.id } });
    for (const [slug, words] of refused) {
      const res = await createPage(awa, { slug });
      expect(res.status, slug).toBe(400);
      expect(res.body.error.details, slug).toMatch(/slug/);
      expect(res.body.error.details, slug).toMatch(words);
      expect(res.body.error.code, slug).toBe(40023);
    }
    const wrongType = await createPage(awa, { slug: 42 });
    expect(wrongType.status).toBe(400);
    expect(await db().paymentPage.count({ where: { merchantId: awa.id } })).toBe(before);
  });

  it("refuses our own words, any route's name above all, whatever the case", async () => {
    for (const slug of ["admin", "api", "test", "dashboard", "pay", "check", "status", "docs", "support", "login", "sandbox", "public", "Admin", " API "]) {
      const res = await createPage(awa, { slug });
      expect(res.status, slug).toBe(400);
      expect(res.body.error.details, slug).toMatch(/reserved/);
    }
  });

  it("is one page's across merchants and environments: another's claim is a clear 409 naming the slug", async () => {
    const slug = fresh();
    expect((await createPage(awa, { slug })).status).toBe(200);
    for (const [merchant, environment] of [[other, "sandbox"], [other, "live"], [awa, "live"], [awa, "sandbox"]] as const) {
      const res = await createPage(merchant, { slug: slug.toUpperCase() }, environment);
      expect(res.status, `${environment}`).toBe(409);
      expect(res.body.error.code).toBe(40020);
      expect(res.body.error.details).toContain(`"${slug}" is already the address of another payment page`);
    }
    expect(await db().paymentPage.count({ where: { slug } })).toBe(1);
  });

  it("two merchants claiming one slug at once: exactly one wins, the other a 409", async () => {
    const slug = fresh("kiosque");
    const answers = await Promise.all([createPage(awa, { slug }), createPage(other, { slug }, "live"), createPage(other, { slug })]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    for (const lost of answers.filter((a) => a.status === 409)) expect(lost.body.error.code).toBe(40020);
    const winner = answers.find((a) => a.status === 200)!;
    expect(await db().paymentPage.findMany({ where: { slug }, select: { reference: true } })).toEqual([{ reference: winner.body.reference }]);
  });
});

describe("a page's slug from the dashboard (setPageSlug)", () => {
  const sandboxOf = (merchant: Merchant) => ({ merchantId: merchant.id, environment: "sandbox" as const });

  it("sets, changes and removes it; the old slug is free at once", async () => {
    const reference = (await createPage(awa, {})).body.reference as string;
    const [first, second] = [fresh(), fresh()];
    expect((await setPageSlug(db(), { reference, ...sandboxOf(awa), slug: ` ${first} ` })).slug).toBe(first);
    expect((await setPageSlug(db(), { reference, ...sandboxOf(awa), slug: second })).slug).toBe(second);
    expect(await resolvePageAddress(db(), first, "sandbox")).toBeNull();
    // Another merchant may now take the first.
    expect((await createPage(other, { slug: first })).status).toBe(200);
    expect((await setPageSlug(db(), { reference, ...sandboxOf(awa), slug: "" })).slug).toBeNull();
    expect(await resolvePageAddress(db(), reference, "sandbox")).toBe(reference);
  });

  it("refuses a taken, reserved or malformed slug naming the field, and another merchant's page as not found", async () => {
    const reference = (await createPage(awa, {})).body.reference as string;
    const taken = fresh();
    expect((await createPage(other, { slug: taken })).status).toBe(200);
    expect(await contractError(setPageSlug(db(), { reference, ...sandboxOf(awa), slug: taken }))).toMatchObject({ status: 409, code: 40020 });
    await expect(setPageSlug(db(), { reference, ...sandboxOf(awa), slug: taken })).rejects.toMatchObject({ field: "slug", rule: "slug_taken" });
    await expect(setPageSlug(db(), { reference, ...sandboxOf(awa), slug: "dashboard" })).rejects.toMatchObject({ field: "slug", rule: "slug_reserved" });
    await expect(setPageSlug(db(), { reference, ...sandboxOf(awa), slug: "b\u043eutique" })).rejects.toMatchObject({ field: "slug", rule: "slug_characters" });
    // The attacker's: naming someone else's page, or the same page in the other environment.
    expect(await contractError(setPageSlug(db(), { reference, ...sandboxOf(other), slug: fresh() }))).toMatchObject({ status: 404 });
    expect(await contractError(setPageSlug(db(), { reference, merchantId: awa.id, environment: "live", slug: fresh() }))).toMatchObject({ status: 404 });
    expect((await db().paymentPage.findUniqueOrThrow({ where: { reference } })).slug).toBeNull();
  });

  it("two pages claiming one slug at once: exactly one has it", async () => {
    const [mine, theirs] = [(await createPage(awa, {})).body.reference as string, (await createPage(other, {})).body.reference as string];
    const slug = fresh("marche");
    const results = await Promise.allSettled([setPageSlug(db(), { reference: mine, ...sandboxOf(awa), slug }), setPageSlug(db(), { reference: theirs, ...sandboxOf(other), slug })]);
    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ kind: "conflict", rule: "slug_taken" });
    expect(await db().paymentPage.count({ where: { slug } })).toBe(1);
  });
});

describe("the short address, served by proxy.ts", () => {
  it("opens its page in its own environment, whatever the case; the reference address still works", async () => {
    const slug = fresh();
    const reference = (await createPage(awa, { slug })).body.reference as string;
    expect(await resolvePageAddress(db(), slug, "sandbox")).toBe(reference);
    expect(await resolvePageAddress(db(), slug.toUpperCase(), "sandbox")).toBe(reference);
    expect(await resolvePageAddress(db(), reference, "sandbox")).toBe(reference);

    expect(await throughProxy(`/test/p/${slug}`)).toMatchObject({ rewrite: `/p/${reference}`, notFound: null });
    expect(await throughProxy(`/test/p/${slug[0].toUpperCase()}${slug.slice(1)}`)).toMatchObject({ rewrite: `/p/${reference}`, notFound: null });
    expect(await throughProxy(`/test/p/${reference}`)).toMatchObject({ rewrite: `/p/${reference}`, notFound: null });
    // What follows the page: its form's post and its QR code.
    expect(await throughProxy(`/test/p/${slug}/pay`, "POST")).toMatchObject({ rewrite: `/p/${reference}/pay` });
    expect(await throughProxy(`/test/p/${slug}/qr.png`)).toMatchObject({ rewrite: `/p/${reference}/qr.png` });
  });

  it("keeps sandbox and live apart: a sandbox slug names nothing live, and a live one nothing in the sandbox", async () => {
    const [test, live] = [fresh(), fresh()];
    const testPage = (await createPage(awa, { slug: test })).body.reference as string;
    const livePage = (await createPage(awa, { slug: live }, "live")).body;
    expect(livePage.shortUrl).toBe(`${ORIGIN}/p/${live}`);
    expect(await resolvePageAddress(db(), test, "live")).toBeNull();
    expect(await resolvePageAddress(db(), live, "sandbox")).toBeNull();
    expect(await resolvePageAddress(db(), live, "live")).toBe(livePage.reference);
    expect(await throughProxy(`/p/${test}`)).toMatchObject({ rewrite: `/p/${test}/unknown`, notFound: "page" });
    expect(await throughProxy(`/test/p/${live}`)).toMatchObject({ rewrite: `/p/${live}/unknown`, notFound: "page" });
    expect(await throughProxy(`/p/${live}`)).toMatchObject({ rewrite: `/p/${livePage.reference}`, notFound: null });
    expect(testPage).toMatch(/^PAGE_TEST_/);
  });

  it("never serves a route's word or a look-alike as a page", async () => {
    for (const segment of ["admin", "api", "dashboard", "b%D0%BEutique-awa", "%E2%84%AAiosque", "boutique_awa"]) {
      expect(await throughProxy(`/test/p/${segment}`), segment).toMatchObject({ notFound: "page" });
    }
    expect(await resolvePageAddress(db(), "\u212Aiosque-awa", "sandbox")).toBeNull();
  });

  it("takes a payment through the short address, as through the reference's", async () => {
    const slug = fresh();
    const reference = (await createPage(awa, { slug })).body.reference as string;
    const { rewrite } = await throughProxy(`/test/p/${slug}/pay`, "POST");
    const request = new Request(`${ORIGIN}/test${rewrite}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: ORIGIN, "x-forwarded-for": "203.0.113.77" },
      body: new URLSearchParams({}),
    });
    const answer = await dispatch(request);
    expect(answer.status).toBe(303);
    expect(answer.headers.get("location")).toMatch(/\/test\/pay\/LINK_TEST_/);
    expect(await db().paymentLink.count({ where: { paymentPageReference: reference } })).toBe(1);
  });
});
