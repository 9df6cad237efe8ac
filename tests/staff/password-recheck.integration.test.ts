import { afterEach, describe, expect, it, vi } from "vitest";
import { createStaff } from "@/lib/features/staff/create-staff";
import { db } from "@/lib/core/db/client";
import { call } from "../helpers/api-client";
import { uniqueEmail } from "../helpers/auth-session";

// Issue 34 (1): the support view's password change asks for the current password, and that check
// is a sign-in attempt on the account (lib/features/auth/sign-in-limits.ts, chargePasswordRecheck):
// a stolen support session cannot guess the password without limit, then set its own and end the
// owner's sessions. (The dashboard's password re-checks go through better-auth's endpoints and
// meet the same limits in lib/features/auth/sign-in-limits-plugin.ts: tests/auth/security and
// tests/auth/sign-in-limits.)

afterEach(() => {
  vi.unstubAllEnvs();
});

const PASSWORD = "the owner's long password";
let addresses = 0;
/** An address no other request of this file uses: the guesser has as many as it likes. */
const newAddress = () => `100.66.${(++addresses >> 8) & 255}.${addresses & 255}`;

const signIn = (email: string, password: string, address = newAddress()) =>
  call("POST", "/admin/api/session", { body: { email, password }, headers: { "x-forwarded-for": address } });

/** A staff member and one signed-in session of theirs (only its session cookie: what a thief copies). */
async function staffWithSession(role: "support" | "admin" = "support") {
  const email = uniqueEmail("recheck");
  const { staff } = await createStaff(db(), { email, role, password: PASSWORD });
  const res = await signIn(email, PASSWORD);
  expect(res.status).toBe(200);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith("pcs-support"))!.split(";")[0];
  return { id: staff.id, email, cookie };
}

const storedHash = async (userId: string) => (await db().account.findFirstOrThrow({ where: { userId, providerId: "credential" } })).password;

/** What the thief does with a session cookie: asks the session for its CSRF token, then guesses. */
async function thiefWith(cookie: string) {
  const session = await call("GET", "/admin/api/session", { headers: { cookie } });
  expect(session.status).toBe(200);
  const csrf = session.body.csrfToken as string;
  return (currentPassword: string, address = newAddress()) =>
    call("POST", "/admin/api/password", {
      body: { currentPassword, newPassword: "the thief's new password", confirmation: "the thief's new password" },
      headers: { cookie, "x-csrf-token": csrf, "x-forwarded-for": address },
    });
}

function expectRefusal(answer: { status: number; headers: Headers; body: any }) {
  expect(answer.status).toBe(429);
  expect(answer.body.error).toMatchObject({ code: 42900 });
  expect(Number(answer.headers.get("retry-after"))).toBeGreaterThan(0);
  return Number(answer.headers.get("retry-after"));
}

describe("a stolen support session guessing the current password", () => {
  it("meets the account's delay: 40 guesses from 40 addresses get 429s, the right one is then refused too, nothing is taken over", async () => {
    const owner = await staffWithSession();
    // The owner's other browser: a session that must survive.
    const ownerElsewhere = (await signIn(owner.email, PASSWORD)).headers.getSetCookie().find((c) => c.startsWith("pcs-support"))!.split(";")[0];
    const before = await storedHash(owner.id);
    const guess = await thiefWith(owner.cookie);

    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) {
      const answer = await guess(`guess number ${i}`);
      statuses.push(answer.status);
      if (answer.status === 429) expectRefusal(answer);
      else expect([answer.status, answer.body.error.code]).toEqual([400, 40023]);
    }
    expect(statuses.filter((s) => s === 400).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(35);

    // Within the delay the right password is refused unchecked: no new password, no sessions ended.
    expectRefusal(await guess(PASSWORD));
    expect(await storedHash(owner.id)).toBe(before);
    expect((await call("GET", "/admin/api/session", { headers: { cookie: ownerElsewhere } })).status).toBe(200);
    expect(await db().session.count({ where: { userId: owner.id } })).toBe(2);
  });

  it("shares one count with the sign-in: alternating sign-in and re-check guesses does not double the budget", async () => {
    vi.stubEnv("SIGN_IN_LOCK_FIRST_SECONDS", "60");
    const owner = await staffWithSession();
    const guess = await thiefWith(owner.cookie);
    // Five free wrong passwords in all (SIGN_IN_FREE_FAILURES_PER_ACCOUNT) from the thief's address,
    // whichever way they come; then neither way tries a password there.
    const thief = newAddress();
    for (let i = 0; i < 5; i++) {
      const answer = i % 2 ? await guess(`guess ${i}`, thief) : await signIn(owner.email, `guess ${i}`, thief);
      expect(answer.status).toBe(i % 2 ? 400 : 401);
    }
    expect(expectRefusal(await guess(PASSWORD, thief))).toBeGreaterThan(50);
    expect(expectRefusal(await signIn(owner.email, PASSWORD, thief))).toBeGreaterThan(50);
    // The owner signing in from elsewhere does not wait (docs/security.md, "The delay per account").
    expect((await signIn(owner.email, PASSWORD)).status).toBe(200);
  });

  it("the right password before any delay clears the count, as a sign-in does", async () => {
    const owner = await staffWithSession();
    const guess = await thiefWith(owner.cookie);
    for (let i = 0; i < 4; i++) expect((await guess(`guess ${i}`)).status).toBe(400);
    // Right, but the new password is refused for another reason: the password was still proven.
    const short = await call("POST", "/admin/api/password", {
      body: { currentPassword: PASSWORD, newPassword: "short", confirmation: "short" },
      headers: { cookie: owner.cookie, "x-csrf-token": (await call("GET", "/admin/api/session", { headers: { cookie: owner.cookie } })).body.csrfToken },
    });
    expect(short.body.error.details).toContain("at least");
    for (let i = 0; i < 4; i++) expect((await guess(`guess again ${i}`)).status).toBe(400);
  });

  it("the password form says the account waits", async () => {
    vi.stubEnv("SIGN_IN_FREE_FAILURES_PER_ACCOUNT", "1");
    vi.stubEnv("SIGN_IN_LOCK_FIRST_SECONDS", "60");
    const owner = await staffWithSession();
    const csrf = (await call("GET", "/admin/api/session", { headers: { cookie: owner.cookie } })).body.csrfToken as string;
    const post = (currentPassword: string) =>
      call("POST", "/admin/api/password", {
        rawBody: new URLSearchParams({ csrf, currentPassword, newPassword: "a new long password", confirmation: "a new long password" }).toString(),
        headers: { cookie: owner.cookie, "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": newAddress() },
      });
    expect((await post("a wrong one")).headers.get("location")).toBe("/admin/password?error=current");
    const waiting = await post(PASSWORD);
    expect([waiting.status, waiting.headers.get("location")]).toEqual([303, "/admin/password?error=tooMany"]);
    expect(Number(waiting.headers.get("retry-after"))).toBeGreaterThan(50);
  });
});
