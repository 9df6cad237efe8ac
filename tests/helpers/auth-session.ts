import { expect, vi } from "vitest";
import { db } from "@/lib/core/db/client";
import { ORIGIN } from "./api-client";

// (tests/helpers/api-client.ts allows the test origin as better-auth's base URL host.)

type Handler = (request: Request) => Promise<Response>;

async function authRoute(): Promise<Record<"GET" | "POST", Handler>> {
  return (await import("@/app/api/auth/[...all]/route")) as unknown as Record<"GET" | "POST", Handler>;
}

export type AuthResponse = { status: number; headers: Headers; body: any };

/**
 * A browser as better-auth sees it: requests through the app's /api/auth route handler, with the
 * cookies it sets kept and sent back, and the site's Origin (better-auth refuses cross-site POSTs).
 */
export class AuthBrowser {
  readonly cookies = new Map<string, string>();

  cookieHeader() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  async request(method: "GET" | "POST", pathOrUrl: string, body?: unknown, headers: Record<string, string> = {}): Promise<AuthResponse> {
    const url = new URL(pathOrUrl, ORIGIN);
    const requestHeaders = new Headers({ origin: ORIGIN, "accept-language": "en", ...headers });
    if (this.cookies.size) requestHeaders.set("cookie", this.cookieHeader());
    if (body !== undefined) requestHeaders.set("content-type", "application/json");
    const request = new Request(url, { method, headers: requestHeaders, body: body === undefined ? undefined : JSON.stringify(body) });
    const response = await (await authRoute())[method](request);
    for (const setCookie of response.headers.getSetCookie()) {
      const [pair, ...attributes] = setCookie.split(";");
      const [name, ...value] = pair.trim().split("=");
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a));
      if (expired || value.join("=") === "") this.cookies.delete(name);
      else this.cookies.set(name, value.join("="));
    }
    const text = await response.text();
    let parsed: unknown = text || null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // not JSON (a redirect's empty body)
    }
    return { status: response.status, headers: response.headers, body: parsed };
  }

  post(path: string, body: unknown = {}) {
    return this.request("POST", `/api/auth${path}`, body);
  }

  get(path: string) {
    return this.request("GET", path.startsWith("/api/auth") || path.startsWith("http") ? path : `/api/auth${path}`);
  }

  async session() {
    return (await this.get("/get-session")).body as { user: { id: string; email: string }; session: { token: string; activeOrganizationId: string | null } } | null;
  }
}

/**
 * The link of the newest outbox mail to `to` whose subject matches. better-auth sends some mails
 * after answering (so the answer's timing does not reveal whether the account exists): wait a little.
 */
export async function linkInOutbox(to: string, subject: RegExp): Promise<string> {
  const find = async () => (await db().outboxMail.findMany({ where: { to: to.toLowerCase() }, orderBy: { createdAt: "desc" } })).find((m) => subject.test(m.subject));
  const mail = await vi.waitFor(
    async () => {
      const found = await find();
      expect(found, `no mail to ${to} matching ${subject}`).toBeDefined();
      return found;
    },
    { timeout: 5_000, interval: 100 },
  );
  const url = /https?:\/\/\S+/.exec(mail!.text)?.[0];
  expect(url).toBeDefined();
  return url!;
}

let n = 0;
export const uniqueEmail = (label: string) => `${label}-${++n}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@merchant.example`;

export const PASSWORD = "correct horse battery";

/** Signs up, opens the verification mail's link (which signs in): a browser with a verified session. */
export async function signedUpMerchant(options: { businessName?: string; email?: string } = {}) {
  const email = options.email ?? uniqueEmail("owner");
  const browser = new AuthBrowser();
  const signUp = await browser.post("/sign-up/email", { name: "Awa Diop", email, password: PASSWORD, businessName: options.businessName ?? "Boutique Awa", callbackURL: "/dashboard" });
  expect(signUp.status, JSON.stringify(signUp.body)).toBe(200);
  const verified = await browser.get(await linkInOutbox(email, /Confirm|Confirmez/));
  expect(verified.status).toBe(302);
  return { browser, email };
}
