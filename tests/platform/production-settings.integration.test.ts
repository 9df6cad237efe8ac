import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { register } from "@/instrumentation";
import { authBaseUrl } from "@/lib/features/auth/auth";
import { mailOrigin } from "@/lib/features/auth/request-locale";
import { db } from "@/lib/core/db/client";
import { inviteMember } from "@/lib/features/team/manage-team";
import OutboxPage from "@/app/dev/outbox/page";
import { ORIGIN } from "../helpers/api-client";
import { AuthBrowser, linkInOutbox, signedUpMerchant, uniqueEmail } from "../helpers/auth-session";

// A production server builds every link of an account mail from its configured public address
// (BETTER_AUTH_URL) and refuses to start without it; it never serves the development outbox, and
// refuses to start when asked to. Over a real `next start`: e2e/api/production-settings.spec.ts.

// The background work and the API lane are not this file's: register() stops before them or not at all.
vi.mock("@/lib/features/jobs/start-background-work", () => ({ startBackgroundWork: vi.fn() }));

/** register() as a production server calls it, with process.exit caught: the code and what was printed. */
async function startProduction(settings: Record<string, string>) {
  vi.stubEnv("NODE_ENV", "production");
  vi.stubEnv("NEXT_RUNTIME", "nodejs");
  vi.stubEnv("API_LANE", "0");
  for (const [name, value] of Object.entries(settings)) vi.stubEnv(name, value);
  const printed: string[] = [];
  vi.spyOn(console, "error").mockImplementation((line) => void printed.push(String(line)));
  const exit = vi.spyOn(process, "exit").mockImplementation((code) => {
    throw new Error(`exit ${code}`);
  });
  const outcome = await register().then(
    () => "started",
    (error: Error) => error.message,
  );
  return { outcome, exitCalls: exit.mock.calls, printed: printed.map((line) => JSON.parse(line) as { level: string; msg: string; setting: string }) };
}

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe("a production server's start", () => {
  const secret = { BETTER_AUTH_SECRET: "s".repeat(40) };

  it("refuses without BETTER_AUTH_URL, naming the setting and why", async () => {
    const { outcome, printed } = await startProduction({ ...secret, BETTER_AUTH_URL: "" });
    expect(outcome).toBe("exit 78");
    expect(printed).toEqual([expect.objectContaining({ level: "error", setting: "BETTER_AUTH_URL", msg: expect.stringMatching(/^refusing to start: BETTER_AUTH_URL is not set: in production every link in an e-mail/) })]);
  });

  it("refuses with MAIL_OUTBOX_PAGE set, saying the outbox shows live links", async () => {
    const { outcome, printed } = await startProduction({ ...secret, BETTER_AUTH_URL: "https://pay.example.com", MAIL_OUTBOX_PAGE: "1" });
    expect(outcome).toBe("exit 78");
    expect(printed).toEqual([expect.objectContaining({ setting: "MAIL_OUTBOX_PAGE", msg: expect.stringMatching(/development outbox \(\/dev\/outbox\) shows live password-reset/) })]);
  });

  it("starts with its public address set", async () => {
    const { outcome, exitCalls } = await startProduction({ ...secret, BETTER_AUTH_URL: "https://pay.example.com" });
    expect(exitCalls).toEqual([]);
    expect(outcome).toBe("started");
  });
});

describe("the development outbox in production", () => {
  it("answers 404 whatever MAIL_OUTBOX_PAGE says", async () => {
    vi.stubEnv("NODE_ENV", "production");
    vi.stubEnv("MAIL_OUTBOX_PAGE", "1");
    await expect(OutboxPage({ searchParams: Promise.resolve({}) })).rejects.toMatchObject({ digest: "NEXT_HTTP_ERROR_FALLBACK;404" });
  });
});

describe("links in account mails", () => {
  // A request as an attacker sends it: every host it names is theirs.
  const FORGED = "evil.example";
  const forged = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    new Request(`http://${FORGED}/api/auth${path}`, {
      method: "POST",
      headers: { host: FORGED, "x-forwarded-host": FORGED, "x-forwarded-proto": "https", origin: ORIGIN, "content-type": "application/json", "accept-language": "en", ...headers },
      body: JSON.stringify(body),
    });
  const authRoute = async () => (await import("@/app/api/auth/[...all]/route")).POST as (request: Request) => Promise<Response>;
  // The instance of lib/features/auth/auth.ts reads its base URL when it is made.
  const forgetAuthInstance = () => void ((globalThis as { __pcsAuth?: unknown }).__pcsAuth = undefined);

  describe("with BETTER_AUTH_URL set", () => {
    // The test origin (so the helpers' browsers are same-site); every forged request names another.
    beforeAll(forgetAuthInstance);
    beforeEach(() => vi.stubEnv("BETTER_AUTH_URL", ORIGIN));
    afterAll(forgetAuthInstance);

    it("a password reset's link is on it, whatever the request's Host", async () => {
      const { email } = await signedUpMerchant();
      const res = await (await authRoute())(forged("/request-password-reset", { email, redirectTo: "/dashboard/reset-password" }, { origin: `https://${FORGED}` }));
      expect(res.status).toBe(200);
      const link = await linkInOutbox(email, /Reset your password/);
      expect(new URL(link).origin).toBe(ORIGIN);
      expect(link).not.toContain(FORGED);
    });

    it("an invitation's link is on it, sent over /api/auth or from the team page, whatever the Host", async () => {
      const { browser, email: ownerEmail } = await signedUpMerchant({ businessName: "Forged Host Shop" });
      const owner = await db().user.findUniqueOrThrow({ where: { email: ownerEmail }, include: { members: true } });
      const merchantId = owner.members[0].organizationId;

      const overHttp = uniqueEmail("invitee-http");
      const res = await (await authRoute())(forged("/organization/invite-member", { email: overHttp, role: "viewer", organizationId: merchantId }, { cookie: browser.cookieHeader() }));
      expect(res.status).toBe(200);
      const fromTeamPage = uniqueEmail("invitee-action");
      await inviteMember({ userId: owner.id, merchantId, role: "owner" }, new Headers({ cookie: browser.cookieHeader(), host: FORGED, "x-forwarded-host": FORGED, origin: ORIGIN }), { email: fromTeamPage, role: "viewer" });

      for (const invitee of [overHttp, fromTeamPage]) {
        const link = await linkInOutbox(invitee, /invites you|vous invite/);
        expect(link, invitee).toMatch(new RegExp(`^${ORIGIN}/dashboard/accept-invitation/`));
      }
    });
  });

  describe("in production without it (a server that could not have started)", () => {
    it("never falls back to the request's host", async () => {
      vi.stubEnv("NODE_ENV", "production");
      vi.stubEnv("BETTER_AUTH_URL", "");
      vi.stubEnv("BETTER_AUTH_ALLOWED_HOSTS", `${FORGED},localhost`);
      await expect(mailOrigin(new URL(forged("/organization/invite-member", {}).url))).rejects.toThrow(/Set BETTER_AUTH_URL/);
      expect(() => authBaseUrl()).toThrow(/Set BETTER_AUTH_URL/);
    });
  });

  describe("outside production without it", () => {
    it("an invitation's link takes the request's host only from the allowed list", async () => {
      vi.stubEnv("BETTER_AUTH_URL", "");
      await expect(mailOrigin(new URL(forged("/organization/invite-member", {}).url))).rejects.toThrow(/not one account mails may point at/);
      expect(await mailOrigin(new URL(`${ORIGIN}/api/auth/organization/invite-member`))).toBe(ORIGIN);
    });
  });
});
