"use server";

import { revalidatePath } from "next/cache";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import QRCode from "qrcode";
import { auth } from "@/lib/features/auth/auth";
import { getDashboardSession } from "@/lib/features/auth/dashboard-session";

export type TwoFactorState =
  | { stage: "idle"; error?: "invalidCredentials" | "invalidCode" | "tooMany" | "generic" }
  | { stage: "scan"; qrSvg: string; secret: string; backupCodes: string[]; error?: "invalidCode" }
  | { stage: "done"; enabled: boolean };

const failed = (error: unknown) => (error as { body?: { code?: string } })?.body?.code ?? "";
/** A refused password: wrong, or not tried while the account waits after wrong ones (lib/features/auth/sign-in-limits.ts). */
const passwordRefusal = (error: unknown) => {
  const code = failed(error);
  return code === "TOO_MANY_REQUESTS" ? "tooMany" : /PASSWORD/.test(code) ? "invalidCredentials" : "generic";
};

/**
 * Turning TOTP on takes two steps: the password gives a secret (shown as a QR code), then a code
 * from the app proves it was set up; only then does sign-in ask for codes. Off takes the password.
 */
export async function twoFactorAction(previous: TwoFactorState, form: FormData): Promise<TwoFactorState> {
  // better-auth's calls below take any session its cookie verifies, another view's too.
  if (!(await getDashboardSession())) redirect(`/dashboard/sign-in?next=${encodeURIComponent("/dashboard/settings/security")}`);
  const intent = form.get("intent");
  const password = String(form.get("password") ?? "");
  const requestHeaders = await headers();
  if (intent === "enable") {
    try {
      const result = await auth().api.enableTwoFactor({ body: { password }, headers: requestHeaders });
      if (result.method !== "totp") return { stage: "idle", error: "generic" };
      const { totpURI, backupCodes } = result;
      const qrSvg = await QRCode.toString(totpURI, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
      return { stage: "scan", qrSvg, secret: new URL(totpURI).searchParams.get("secret") ?? "", backupCodes };
    } catch (error) {
      return { stage: "idle", error: passwordRefusal(error) };
    }
  }
  if (intent === "confirm" && previous.stage === "scan") {
    try {
      await auth().api.verifyTOTP({ body: { code: String(form.get("code") ?? "").replace(/\s/g, "") }, headers: requestHeaders });
    } catch {
      return { ...previous, error: "invalidCode" };
    }
    revalidatePath("/dashboard/settings/security");
    return { stage: "done", enabled: true };
  }
  if (intent === "disable") {
    try {
      await auth().api.disableTwoFactor({ body: { password }, headers: requestHeaders });
    } catch (error) {
      return { stage: "idle", error: passwordRefusal(error) };
    }
    revalidatePath("/dashboard/settings/security");
    return { stage: "done", enabled: false };
  }
  return { stage: "idle" };
}
