import { randomUUID } from "node:crypto";
import { describe, expect, it, vi } from "vitest";
import { db } from "@/lib/core/db/client";
import { readAlertSettings } from "@/lib/features/payment-alerts/alert-settings";
import { signedUpMerchant, uniqueEmail } from "../helpers/auth-session";
import { browseWith } from "../helpers/next-request";

vi.mock("next/headers", async () => (await import("../helpers/next-request")).nextHeaders);
vi.mock("next/cache", async () => (await import("../helpers/next-request")).nextCache);
vi.mock("next-intl/server", async () => (await import("../helpers/next-request")).nextIntlServer());

// The attacker's test of the alert settings form (issue 51 part 1): a viewer sets their own
// alerts, and only their own, whatever member or user the posted form names.

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
};

describe("the alert settings action", () => {
  it("saves the signed-in viewer's own alerts and never another member's", async () => {
    const { saveAlertSettingsAction } = await import("@/app/dashboard/(app)/settings/notifications/actions");
    const owner = await signedUpMerchant({ businessName: "Alertes" });
    const ownerUser = await db().user.findUniqueOrThrow({ where: { email: owner.email }, include: { members: true } });
    const merchantId = ownerUser.members[0].organizationId;
    await db().merchant.update({ where: { id: merchantId }, data: { country: "CI" } });

    const viewer = await signedUpMerchant({ businessName: "Boutique du lecteur", email: uniqueEmail("viewer") });
    const viewerUser = await db().user.findUniqueOrThrow({ where: { email: viewer.email } });
    await db().member.create({ data: { id: randomUUID(), organizationId: merchantId, userId: viewerUser.id, role: "viewer", createdAt: new Date() } });
    await db().session.updateMany({ where: { userId: viewerUser.id }, data: { activeOrganizationId: merchantId } });

    browseWith(viewer.browser.cookieHeader());
    const forged = { sms: "on", email: "on", phone: "07 00 00 03 33", memberId: ownerUser.members[0].id, userId: ownerUser.id, merchantId: "someone-else" };
    const state = await saveAlertSettingsAction(null, form(forged));
    expect(state?.error).toBeUndefined();
    expect(await readAlertSettings(db(), { merchantId, userId: viewerUser.id })).toEqual({ sms: true, email: true, phone: "+2250700000333" });
    expect(await readAlertSettings(db(), { merchantId, userId: ownerUser.id })).toEqual({ sms: false, email: false, phone: null });

    // SMS without a number: refused beside the phone field, nothing saved.
    const refused = await saveAlertSettingsAction(null, form({ sms: "on", phone: "" }));
    expect(refused?.fieldErrors?.phone).toBeTruthy();
    expect((await readAlertSettings(db(), { merchantId, userId: viewerUser.id })).phone).toBe("+2250700000333");

    // Signed out: nothing runs.
    browseWith("");
    await expect(saveAlertSettingsAction(null, form({ email: "on", phone: "" }))).rejects.toThrow();
  });
});
