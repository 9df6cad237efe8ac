import { NextRequest } from "next/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { resetPasswordAction } from "@/app/dashboard/(auth)/actions";
import ResetPasswordPage from "@/app/dashboard/(auth)/reset-password/page";
import { proxy } from "@/proxy";
import { ORIGIN } from "../helpers/api-client";
import { AuthBrowser, linkInOutbox, PASSWORD, signedUpMerchant } from "../helpers/auth-session";
import { elementsOf, nextRequest, redirectOf } from "../helpers/next-request";

// Issue 34 (8): a mailed reset link's token never stays in the address bar of a page, where
// Referrer-Policy: same-origin would send it as the Referer of the page's own asset requests (into
// access logs). The link is followed here by hand, as a browser without JavaScript would:
// better-auth's link, its redirect to the page, proxy.ts's 303 that takes the token into a cookie
// of that page, the page, and its form's post.

/** The browser's cookies for the reset page, as next/headers' cookies() gives and takes them. */
const jar = vi.hoisted(() => new Map<string, string>());
vi.mock("next/headers", () => ({
  headers: async () => (globalThis as { __resetHeaders?: Headers }).__resetHeaders ?? new Headers(),
  cookies: async () => ({
    get: (name: string) => (jar.has(name) ? { name, value: jar.get(name)! } : undefined),
    getAll: () => [...jar].map(([name, value]) => ({ name, value })),
    has: (name: string) => jar.has(name),
    set: (name: string, value: string) => void jar.set(name, value),
    delete: (name: string | { name: string }) => void jar.delete(typeof name === "string" ? name : name.name),
  }),
}));
vi.mock("next-intl/server", async () => (await import("../helpers/next-request")).nextIntlServer());

afterEach(() => {
  jar.clear();
  vi.unstubAllEnvs();
});

/** The Set-Cookie of `name` in an answer, split into its value and attributes. */
function setCookieOf(answer: Response, name: string) {
  const found = answer.headers.getSetCookie().find((cookie) => cookie.startsWith(`${name}=`));
  expect(found, `no ${name} cookie`).toBeDefined();
  const [pair, ...attributes] = found!.split(";").map((part) => part.trim());
  return { value: pair.slice(name.length + 1), attributes: attributes.map((a) => a.toLowerCase()) };
}

/** Every string in what a page returned (its elements' props and children, however deep), to look for the token in. */
function pageText(node: unknown, seen = new Set<unknown>()): string {
  if (typeof node === "string" || typeof node === "number") return String(node);
  if (!node || typeof node !== "object" || seen.has(node)) return "";
  seen.add(node);
  const values = Array.isArray(node) ? node : "props" in node ? [(node as { props: unknown }).props] : Object.values(node);
  return values.map((value) => pageText(value, seen)).join(" ");
}

async function postReset(password: string) {
  (globalThis as { __resetHeaders?: Headers }).__resetHeaders = new Headers({ host: new URL(ORIGIN).host, origin: ORIGIN, "x-forwarded-for": "100.64.9.1" });
  const form = new FormData();
  form.set("password", password);
  return redirectOf(() => resetPasswordAction(form));
}

describe("a mailed reset link", () => {
  it("leaves no token in the address, the page or a Referer; the reset works once, from the page's cookie", async () => {
    const { email } = await signedUpMerchant();
    const browser = new AuthBrowser();
    expect((await browser.post("/request-password-reset", { email, redirectTo: "/dashboard/reset-password" })).status).toBe(200);
    const mailed = await linkInOutbox(email, /Reset/);
    const token = new URL(mailed).pathname.split("/").at(-1)!;

    // better-auth's link: a redirect, whose own address holds the token, so it sends no Referer.
    const opened = await browser.get(mailed);
    expect(opened.status).toBe(302);
    expect(opened.headers.get("referrer-policy")).toBe("no-referrer");
    const landing = new URL(opened.headers.get("location")!, ORIGIN);
    expect(landing.pathname).toBe("/dashboard/reset-password");

    // Its landing is not drawn: a 303 to the page without the token, which goes into a cookie of that page.
    const moved = await proxy(new NextRequest(landing, { headers: { host: new URL(ORIGIN).host } }));
    expect(moved.status).toBe(303);
    const location = moved.headers.get("location")!;
    expect(location).not.toContain(token);
    // Absolute, on the request's own origin (Next's proxy refuses a relative Location in production).
    expect(new URL(location).origin).toBe(ORIGIN);
    expect(new URL(location, ORIGIN).pathname).toBe("/dashboard/reset-password");
    expect(new URL(location, ORIGIN).search).toBe("");
    expect(moved.headers.get("referrer-policy")).toBe("no-referrer");
    const cookie = setCookieOf(moved, "pcs_reset_token");
    expect(cookie.value).toBe(token);
    expect(cookie.attributes).toEqual(expect.arrayContaining(["path=/dashboard/reset-password", "httponly", "samesite=lax"]));
    expect(cookie.attributes.find((a) => a.startsWith("max-age="))).toMatch(/^max-age=(\d{1,4})$/);

    // The page itself, at an address without the token (what its asset requests would send as
    // Referer), keeps the site's policy and shows the form, without the token anywhere in it.
    const page = await proxy(new NextRequest(new URL(location, ORIGIN), { headers: { host: new URL(ORIGIN).host } }));
    expect(page.status).toBe(200);
    expect(page.headers.get("referrer-policy")).toBe("same-origin");
    jar.set("pcs_reset_token", cookie.value);
    const drawn = await ResetPasswordPage({ searchParams: Promise.resolve({}) });
    expect(elementsOf(drawn, "form")).toHaveLength(1);
    expect(elementsOf(drawn, "input").map((input) => input.name)).toEqual(["password"]);
    expect(pageText(drawn)).not.toContain(token);

    // The form's post resets with the cookie's token, and the cookie goes.
    expect(await postReset("the owner's new password")).toBe("/dashboard/sign-in?notice=reset");
    expect(jar.has("pcs_reset_token")).toBe(false);
    expect((await new AuthBrowser().post("/sign-in/email", { email, password: PASSWORD })).status).toBe(401);
    expect((await new AuthBrowser().post("/sign-in/email", { email, password: "the owner's new password" })).status).toBe(200);

    // The same token again (a copied cookie) resets nothing.
    jar.set("pcs_reset_token", token);
    expect(await postReset("the thief's own password")).toBe("/dashboard/reset-password?error=invalidToken");
    expect(jar.has("pcs_reset_token")).toBe(false);
    expect((await new AuthBrowser().post("/sign-in/email", { email, password: "the thief's own password" })).status).toBe(401);
  });

  it("a refused password keeps the token for another try; without the cookie the page offers a new link", async () => {
    const { email } = await signedUpMerchant();
    const browser = new AuthBrowser();
    expect((await browser.post("/request-password-reset", { email, redirectTo: "/dashboard/reset-password" })).status).toBe(200);
    const token = new URL(await linkInOutbox(email, /Reset/)).pathname.split("/").at(-1)!;
    jar.set("pcs_reset_token", token);
    expect(await postReset("short")).toBe("/dashboard/reset-password?error=weakPassword");
    expect(jar.get("pcs_reset_token")).toBe(token);
    expect(await postReset("long enough this time")).toBe("/dashboard/sign-in?notice=reset");

    const without = await ResetPasswordPage({ searchParams: Promise.resolve({}) });
    expect(elementsOf(without, "form")).toHaveLength(0);
    expect(pageText(without)).toContain("/dashboard/forgot-password");
  });

  it("the verification link's answer sends no Referer either", async () => {
    const email = `verify-${Date.now()}@merchant.example`;
    const browser = new AuthBrowser();
    expect((await browser.post("/sign-up/email", { name: "Awa", email, password: PASSWORD, callbackURL: "/dashboard" })).status).toBe(200);
    const opened = await browser.get(await linkInOutbox(email, /Confirm/));
    expect(opened.status).toBe(302);
    expect(opened.headers.get("referrer-policy")).toBe("no-referrer");
  });
});
