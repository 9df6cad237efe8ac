import "server-only";
import { db } from "@/lib/core/db/client";
import { isNotFound } from "@/lib/core/errors/domain-error";
import { decideSandboxRedirect, getSandboxRedirectDeposit, type OperatorDecision } from "./decide-sandbox-redirect";
import { syncDepositWithGateway } from "./sync-deposit-with-gateway";

/**
 * The sandbox operator page (app/sandbox/operator/[reference]): the sandbox REDIRECT deposit,
 * brought up to date with the gateway, its merchant's name and its gateway's provider; null when
 * the reference names no such deposit (then the page is not found).
 */
export async function getSandboxOperatorDeposit(reference: string) {
  const found = await getSandboxRedirectDeposit(db(), reference).catch((error) => {
    if (isNotFound(error)) return null;
    throw error;
  });
  if (!found) return null;
  const deposit = await syncDepositWithGateway(db(), found);
  const gateway = await db().gateway.findUnique({ where: { kind_name: { kind: "deposit", name: deposit.gatewayName } } });
  return { deposit, merchantName: found.merchant.name, gatewayProvider: gateway?.provider ?? null };
}

/** The customer's Approve or Decline on that page (lib/features/deposits/decide-sandbox-redirect.ts): the deposit as it then stands. */
export function decideSandboxOperatorDeposit(reference: string, decision: OperatorDecision) {
  return decideSandboxRedirect(db(), { reference, decision });
}
