import type { DbClient } from "@/lib/core/db/client";
import { internationalPhone } from "@/lib/core/domain/phone";
import { DomainError, notFound } from "@/lib/core/errors/domain-error";
import { smsDestinationRefusal } from "@/lib/features/link-sends/sms-destination";

// A member's own payment alerts (issue 51 part 1): whether a completed payment of their merchant
// reaches them by SMS and/or by e-mail. Each member decides for themselves, whatever their role:
// the functions take the signed-in member (merchant + user), never a member id from a form, so
// nobody can turn another member's alerts on or off.

export const ALERT_SETTINGS_FORM_FIELDS = ["phone"] as const;

export type AlertSettings = { sms: boolean; email: boolean; phone: string | null };

export type MemberRef = { merchantId: string; userId: string };

async function memberOf(client: DbClient, who: MemberRef) {
  const member = await client.member.findFirst({ where: { organizationId: who.merchantId, userId: who.userId }, select: { id: true } });
  if (!member) throw notFound("Member");
  return member;
}

export async function readAlertSettings(client: DbClient, who: MemberRef): Promise<AlertSettings> {
  const member = await memberOf(client, who);
  const row = await client.memberAlertSettings.findUnique({ where: { memberId: member.id } });
  return { sms: row?.sms ?? false, email: row?.email ?? false, phone: row?.phone ?? null };
}

/**
 * Saves the member's choice. The phone is read in the merchant's country's local form
 * (lib/core/domain/phone.ts); SMS needs one. An empty phone clears it (and SMS with it).
 */
export async function saveAlertSettings(client: DbClient, who: MemberRef, form: { sms: boolean; email: boolean; phone: string }): Promise<AlertSettings> {
  const member = await memberOf(client, who);
  let phone: string | null = null;
  if (form.phone.trim()) {
    const merchant = await client.merchant.findUniqueOrThrow({ where: { id: who.merchantId }, select: { country: true } });
    const answer = internationalPhone(form.phone, merchant.country);
    // Only a mobile number of a country we text (against SMS toll fraud, as for every text).
    if ("error" in answer || smsDestinationRefusal(answer.phone)) {
      throw new DomainError("invalid", { reason: "phone", field: "phone", rule: "invalid", details: "phone must be a mobile number, e.g. +225 07 00 00 01 11" });
    }
    phone = answer.phone;
  }
  if (form.sms && !phone) throw new DomainError("invalid", { field: "phone", rule: "required", details: "phone is required for SMS alerts" });
  const data = { sms: form.sms, email: form.email, phone };
  await client.memberAlertSettings.upsert({ where: { memberId: member.id }, create: { memberId: member.id, merchantId: who.merchantId, ...data }, update: data });
  return data;
}
