import type { DbClient } from "@/lib/core/db/client";
import { notFound } from "@/lib/core/errors/domain-error";
import { syncDepositWithGateway } from "./sync-deposit-with-gateway";
import { transitionDeposit } from "./transition-deposit";

export type OperatorDecision = "approve" | "decline";

/** A sandbox REDIRECT deposit, as the simulated operator page shows it. */
export async function getSandboxRedirectDeposit(client: DbClient, reference: string) {
  const deposit = await client.deposit.findUnique({ where: { reference }, include: { merchant: { select: { name: true } } } });
  if (!deposit || deposit.environment !== "sandbox" || deposit.paymentType !== "REDIRECT") throw notFound("Deposit");
  return deposit;
}

/** The customer's choice on the simulated operator page; a deposit already final stays as it is. */
export async function decideSandboxRedirect(client: DbClient, options: { reference: string; decision: OperatorDecision; now?: Date }) {
  const now = options.now ?? new Date();
  const deposit = await syncDepositWithGateway(client, await getSandboxRedirectDeposit(client, options.reference), now);
  if (deposit.status === "pending") {
    await transitionDeposit(
      client,
      options.decision === "approve"
        ? { id: deposit.id, to: "completed", at: now }
        : { id: deposit.id, to: "failed", at: now, failureReason: "declined_by_customer" },
    );
  }
  return client.deposit.findUniqueOrThrow({ where: { id: deposit.id } });
}
