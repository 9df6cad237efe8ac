import type { ActivationRequest, ActivationStatus } from "@prisma/client";
import type { DbClient } from "@/lib/core/db/client";
import { notFound } from "@/lib/core/errors/domain-error";

// The support view's side: the requests to review (in review first, oldest first: who waited
// longest is served first), then the decided ones, newest first.

export type ActivationRequestJson = ReturnType<typeof toActivationRequestJson>;

export function toActivationRequestJson(request: ActivationRequest & { merchant?: { name: string } }) {
  return {
    id: request.id,
    merchantId: request.merchantId,
    merchantName: request.merchant?.name ?? null,
    status: request.status,
    businessName: request.businessName,
    businessKind: request.businessKind,
    country: request.country,
    payoutPhone: request.payoutPhone,
    contactName: request.contactName,
    contactPhone: request.contactPhone,
    contactEmail: request.contactEmail,
    documents: request.documents,
    createdAt: request.createdAt.toISOString(),
    decidedAt: request.decidedAt?.toISOString() ?? null,
    decidedBy: request.decidedBy,
    refusalReason: request.refusalReason,
  };
}

export async function listActivationRequests(client: DbClient, options: { status?: ActivationStatus; take?: number } = {}) {
  const include = { merchant: { select: { name: true } } };
  const take = options.take ?? 100;
  if (options.status) {
    const rows = await client.activationRequest.findMany({ where: { status: options.status }, include, orderBy: { createdAt: options.status === "in_review" ? "asc" : "desc" }, take });
    return rows.map(toActivationRequestJson);
  }
  const [waiting, decided] = await Promise.all([
    client.activationRequest.findMany({ where: { status: "in_review" }, include, orderBy: { createdAt: "asc" }, take }),
    client.activationRequest.findMany({ where: { status: { not: "in_review" } }, include, orderBy: { createdAt: "desc" }, take }),
  ]);
  return [...waiting, ...decided].slice(0, take).map(toActivationRequestJson);
}

export async function getActivationRequest(client: DbClient, id: string) {
  const request = await client.activationRequest.findUnique({ where: { id }, include: { merchant: { select: { name: true } } } });
  if (!request) throw notFound("Activation request");
  return toActivationRequestJson(request);
}
