import type { PrismaClient } from "@prisma/client";
import { recordAudit } from "@/lib/features/audit/record-audit";
import { DomainError, notFound } from "@/lib/core/errors/domain-error";
import { forgetMerchantApiKeys } from "@/lib/core/cache/api-key-cache";
import { merchantMailLanguage } from "@/lib/features/auth/mail-language";
import { DEFAULT_LOCALE, isLocale } from "@/lib/core/i18n/locales";
import { errorFields, log } from "@/lib/core/logging/log";
import { activationDecisionMail } from "@/lib/integrations/mail/activation-decision-mail";
import { sendMail } from "@/lib/integrations/mail/send-mail";

/**
 * Tells the merchant's owners what support decided, in the merchant's language (not the staff
 * member's browser's). After the decision committed: a mail that cannot be sent is logged, and the
 * decision stands.
 */
async function mailDecision(client: PrismaClient, request: { merchantId: string; status: string; refusalReason: string | null }) {
  try {
    const merchant = await client.merchant.findUniqueOrThrow({ where: { id: request.merchantId }, select: { name: true } });
    const owners = await client.member.findMany({ where: { organizationId: request.merchantId, role: "owner" }, select: { user: { select: { email: true } } } });
    const language = (await merchantMailLanguage(client, request.merchantId)) ?? undefined;
    const locale = isLocale(language) ? language : DEFAULT_LOCALE;
    const decision = request.status === "approved" ? "approve" : "refuse";
    for (const owner of owners) {
      await sendMail(activationDecisionMail({ to: owner.user.email, locale, merchant: merchant.name, decision, reason: request.refusalReason }));
    }
  } catch (error) {
    log("error", "activation decision mail not sent", { merchantId: request.merchantId, ...errorFields(error) });
  }
}

/**
 * Support's decision on an activation request in review, audited in the same transaction as the
 * change (like a transfer's review): approving turns the merchant's live payments on at once (its
 * keys are dropped from this process's key cache, so its live key works on the next request) and
 * makes the country reviewed the business's; refusing needs a reason, which the merchant reads on
 * its activation page before sending a new request. A request already decided answers 409/40020.
 * The merchant's owners are mailed the decision once it committed.
 */
export async function reviewActivationRequest(
  client: PrismaClient,
  options: { staffId: string; requestId: string; decision: "approve" | "refuse"; reason?: string },
) {
  const reason = options.reason?.trim();
  if (options.decision === "refuse" && !reason) throw new DomainError("invalid", { details: "reason is required to refuse a request", field: "reason", rule: "required" });
  const decided = await client.$transaction(async (tx) => {
    const request = await tx.activationRequest.findUnique({ where: { id: options.requestId } });
    if (!request) throw notFound("Activation request");
    const now = new Date();
    // Only a request still in review changes: two staff deciding at once cannot both win.
    const changed = await tx.activationRequest.updateMany({
      where: { id: request.id, status: "in_review" },
      data: { status: options.decision === "approve" ? "approved" : "refused", decidedAt: now, decidedBy: options.staffId, refusalReason: options.decision === "refuse" ? reason : null },
    });
    if (changed.count === 0) throw new DomainError("conflict", { details: `${request.id} is already ${request.status}` });
    if (options.decision === "approve") {
      // The country reviewed becomes the merchant's: the payout number was read in it, and it is
      // where local numbers are read and what the checkout preselects from now on.
      await tx.merchant.update({ where: { id: request.merchantId }, data: { liveActivatedAt: now, country: request.country } });
    }
    await recordAudit(tx, {
      staffId: options.staffId,
      action: `activation.${options.decision === "approve" ? "approved" : "refused"}`,
      targetType: "merchant",
      targetId: request.merchantId,
      details: { requestId: request.id, ...(reason && options.decision === "refuse" ? { reason } : {}) },
    });
    return tx.activationRequest.findUniqueOrThrow({ where: { id: request.id } });
  });
  if (decided.status === "approved") forgetMerchantApiKeys(decided.merchantId);
  await mailDecision(client, decided);
  return decided;
}
