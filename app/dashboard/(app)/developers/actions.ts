"use server";

import { getTranslations } from "next-intl/server";
import type { FirstKeyState } from "@/components/dashboard/first-key-form";
import { can } from "@/lib/features/auth/member-permissions";
import { runDashboardAction, type ActionState } from "@/lib/surfaces/dashboard/dashboard-action";
import { createFirstKey } from "@/lib/features/api-keys/first-keys";
import { createDashboardApiKey, regenerateApiKey, revokeDashboardApiKey } from "@/lib/features/api-keys/manage-api-keys";
import { LISTEN_COMMAND, pointsToDeveloperMachine, rotateDashboardWebhookSecret, sendTestWebhook } from "@/lib/features/webhooks/manage-webhooks";

// Server actions of the Developers page: thin, the rules are in lib/features/api-keys and lib/features/webhooks.

export async function createKeyAction(_state: ActionState, form: FormData): Promise<ActionState> {
  return runDashboardAction("keys:manage", async ({ db, member, scope }) => {
    const created = await createDashboardApiKey(db, scope, member.role, { name: String(form.get("name") ?? ""), scopes: form.getAll("scopes").map(String) }, member.userId);
    return { secret: created.key };
  });
}

export async function regenerateKeyAction(_state: ActionState, form: FormData): Promise<ActionState> {
  return runDashboardAction("keys:manage", async ({ db, member, scope }) => {
    const created = await regenerateApiKey(db, scope, member.role, { keyId: String(form.get("keyId") ?? ""), overlapSeconds: Number(form.get("overlap") ?? NaN), makerUserId: member.userId });
    return { secret: created.key };
  }, { refresh: false });
}

/** The first key of a merchant made at sign-up, with the signing secret nobody has seen yet (lib/features/api-keys/first-keys.ts). */
export async function createFirstKeyAction(_state: FirstKeyState, form: FormData): Promise<FirstKeyState> {
  let created: Awaited<ReturnType<typeof createFirstKey>> | undefined;
  const state = await runDashboardAction(
    "keys:manage",
    async ({ db, member, scope }) => {
      created = await createFirstKey(db, scope, member.role, { name: form.get("name") ?? "", mayShowSecret: can(member.role, "webhooks:manage"), makerUserId: member.userId });
      return null;
    },
    // The page would drop this card (the merchant now has a key) before the member copied them.
    { refresh: false, fields: ["name"] },
  );
  if (state?.error || !created) return { error: state?.error, fieldErrors: state?.fieldErrors, code: state?.code };
  return { key: created.key, webhookSecret: created.webhookSecret ?? undefined };
}

export async function revokeKeyAction(_state: ActionState, form: FormData): Promise<ActionState> {
  const t = await getTranslations("dashboard");
  return runDashboardAction("keys:manage", async ({ db, member, scope }) => {
    await revokeDashboardApiKey(db, scope, member.role, String(form.get("keyId") ?? ""));
    return { message: t("developers.revoked") };
  });
}

export async function rotateSecretAction(): Promise<ActionState> {
  const t = await getTranslations("firstSteps");
  return runDashboardAction("webhooks:manage", async ({ db, scope }) => ({ secret: (await rotateDashboardWebhookSecret(db, scope)).webhookSecret, message: t("rotated") }));
}

export async function sendTestEventAction(_state: ActionState, form: FormData): Promise<ActionState> {
  const t = await getTranslations("dashboard");
  return runDashboardAction("webhooks:manage", async ({ db, scope }) => {
    const url = String(form.get("url") ?? "");
    // Our servers cannot call the developer's laptop: say which command forwards events there.
    if (pointsToDeveloperMachine(url)) return { error: t("developers.localUrl", { command: `${LISTEN_COMMAND} --forward-to ${url} --key sk_test_...` }), code: 40021 };
    await sendTestWebhook(db, scope, url);
    return { message: t("developers.testSent") };
  });
}
