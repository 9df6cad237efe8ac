import { afterEach, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/core/db/client";
import { AuthBrowser, linkInOutbox, PASSWORD, signedUpMerchant } from "../helpers/auth-session";

// Issue 27 (5): a password reset ends every reset link the account was sent, not only the one used.

afterEach(() => {
  vi.unstubAllEnvs();
});

/** Asks for a reset mail and returns the token of its link (the newest reset mail, once it differs from `after`). */
async function resetToken(email: string, after?: string): Promise<string> {
  const browser = new AuthBrowser();
  expect((await browser.post("/request-password-reset", { email, redirectTo: "/dashboard/reset-password" })).status).toBe(200);
  const link = await vi.waitFor(
    async () => {
      const newest = await linkInOutbox(email, /Reset/);
      if (after) expect(newest, "a newer reset mail").not.toContain(after);
      return newest;
    },
    { timeout: 5_000, interval: 100 },
  );
  const token = new URL(link).pathname.split("/").at(-1)!;
  expect(token).not.toBe(after);
  return token;
}

describe("password reset links", () => {
  it("once the newer link is used, the older one resets nothing", async () => {
    // One reset mail per e-mail per interval (lib/features/auth/sign-in-limits.ts): a short one here.
    vi.stubEnv("ACCOUNT_MAIL_INTERVAL_SECONDS", "1");
    const { email } = await signedUpMerchant();
    const older = await resetToken(email);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const newer = await resetToken(email, older);

    const browser = new AuthBrowser();
    expect((await browser.post("/reset-password", { token: newer, newPassword: "the owner's new password" })).status).toBe(200);
    const stale = await browser.post("/reset-password", { token: older, newPassword: "the thief's own password" });
    expect([stale.status, stale.body.code]).toEqual([400, "INVALID_TOKEN"]);

    expect((await browser.post("/sign-in/email", { email, password: "the thief's own password" })).status).toBe(401);
    expect((await browser.post("/sign-in/email", { email, password: "the owner's new password" })).status).toBe(200);
    const user = await db().user.findUniqueOrThrow({ where: { email } });
    expect(await db().verification.count({ where: { identifier: { startsWith: "reset-password:" }, value: user.id } })).toBe(0);
  });

  it("another account's reset links live on", async () => {
    vi.stubEnv("ACCOUNT_MAIL_INTERVAL_SECONDS", "1");
    const [mine, theirs] = [await signedUpMerchant(), await signedUpMerchant()];
    const myToken = await resetToken(mine.email);
    const theirToken = await resetToken(theirs.email);
    expect((await new AuthBrowser().post("/reset-password", { token: myToken, newPassword: "my brand new password" })).status).toBe(200);
    expect((await new AuthBrowser().post("/reset-password", { token: theirToken, newPassword: "their brand new password" })).status).toBe(200);
    expect((await new AuthBrowser().post("/sign-in/email", { email: theirs.email, password: PASSWORD })).status).toBe(401);
  });
});
