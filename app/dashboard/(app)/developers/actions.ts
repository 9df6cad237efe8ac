"use server";

import { getTranslations } from "next-intl/server";
import { db } from "@/lib/db/client";
import { runDashboardAction, type ActionState } from "@/lib/dashboard/dashboard-action";
import { createDashboardApiKey, regenerateApiKey, revokeDashboardApiKey } from "@/lib/dashboard/manage-api-keys";
import { rotateDashboardWebhookSecret, sendTestWebhook } from "@/lib/dashboard/manage-webhooks";

// Server actions of the Developers page: thin, the rules are in lib/dashboard.

export async function createKeyAction(_state: ActionState, form: FormData): Promise<ActionState> {
  return runDashboardAction("keys:manage", async ({ member, scope }) => {
    const created = await createDashboardApiKey(db(), scope, member.role, { name: String(form.get("name") ?? ""), scopes: form.getAll("scopes").map(String) });
    return { secret: created.key };
  });
}

export async function regenerateKeyAction(_state: ActionState, form: FormData): Promise<ActionState> {
  return runDashboardAction("keys:manage", async ({ member, scope }) => {
    const created = await regenerateApiKey(db(), scope, member.role, { keyId: String(form.get("keyId") ?? ""), overlapSeconds: Number(form.get("overlap") ?? NaN) });
    return { secret: created.key };
  }, { refresh: false });
}

export async function revokeKeyAction(_state: ActionState, form: FormData): Promise<ActionState> {
  const t = await getTranslations("dashboard");
  return runDashboardAction("keys:manage", async ({ scope }) => {
    await revokeDashboardApiKey(db(), scope, String(form.get("keyId") ?? ""));
    return { message: t("developers.revoked") };
  });
}

export async function rotateSecretAction(): Promise<ActionState> {
  return runDashboardAction("webhooks:manage", async ({ scope }) => ({ secret: (await rotateDashboardWebhookSecret(db(), scope)).webhookSecret }));
}

export async function sendTestEventAction(_state: ActionState, form: FormData): Promise<ActionState> {
  const t = await getTranslations("dashboard");
  return runDashboardAction("webhooks:manage", async ({ scope }) => {
    await sendTestWebhook(db(), scope, String(form.get("url") ?? ""));
    return { message: t("developers.testSent") };
  });
}
