import type { PrismaClient } from "@prisma/client";
import { ulid } from "@/lib/core/domain/ulid";
import { DomainError } from "@/lib/core/errors/domain-error";
import { parseActivationForm, type ActivationFields } from "./activation-form";

/**
 * A merchant asks for live payments: the form checked (activation-form.ts) and stored as a request
 * in review. Refused while one is already in review or once live payments are on (409/40020);
 * after a refusal a new request may be sent. The merchant's row is locked so that a form sent
 * twice (two tabs) makes one request, not two.
 */
export async function submitActivationRequest(client: PrismaClient, options: { merchantId: string; userId: string; fields: ActivationFields }) {
  const form = parseActivationForm(options.fields);
  return client.$transaction(async (tx) => {
    const [merchant] = await tx.$queryRaw<{ liveActivatedAt: Date | null }[]>`SELECT "liveActivatedAt" FROM "Merchant" WHERE id = ${options.merchantId} FOR UPDATE`;
    if (!merchant) throw new DomainError("not_found", { details: "No such merchant" });
    if (merchant.liveActivatedAt) throw new DomainError("conflict", { details: "Live payments are already activated for this merchant" });
    const pending = await tx.activationRequest.count({ where: { merchantId: options.merchantId, status: "in_review" } });
    if (pending > 0) throw new DomainError("conflict", { details: "An activation request is already in review" });
    return tx.activationRequest.create({
      data: { id: `act_${ulid()}`, merchantId: options.merchantId, submittedBy: options.userId, status: "in_review", ...form, documents: form.documents ?? null },
    });
  });
}
