"use server";

import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { confirmSecondFactor } from "@/lib/features/auth/confirm-second-factor";
import { postedSecondFactor } from "@/lib/surfaces/dashboard/second-factor-form";
import { approveTransferBatch, assertMayApprove, cancelTransferBatch, getBatchOrThrow } from "@/lib/features/transfers/batches/approve-batch";
import { memberActor } from "@/lib/features/transfers/batches/batch-actor";
import { retryFailedLines } from "@/lib/features/transfers/batches/retry-failed-lines";
import { runDashboardAction, type ActionState } from "@/lib/surfaces/dashboard/dashboard-action";
import { dashboardPath } from "@/lib/surfaces/dashboard/dashboard-paths";

// A batch's page's actions (issue 49): each the permission the API's route needs, then the batch
// core's own rules (the maker-checker rule, the states a batch may leave); thin.

const referenceOf = (form: FormData) => String(form.get("reference") ?? "");

/**
 * Approves a batch: a member who may (transfers:approve), not its maker unless the merchant's
 * threshold allows, with their two-factor code when they turned it on (asked after the rules
 * that need no code, so nobody types a code to be told no).
 */
export async function approveBatchAction(_state: ActionState, form: FormData): Promise<ActionState> {
  const tb = await getTranslations("batches");
  return runDashboardAction(
    "transfers:approve",
    async ({ db, member, scope }) => {
      const approver = memberActor(member.userId);
      const batch = await getBatchOrThrow(db, scope.merchantId, scope.environment, referenceOf(form));
      await assertMayApprove(db, batch, approver);
      await confirmSecondFactor(db, { userId: member.userId, code: postedSecondFactor(form), headers: await headers() });
      await approveTransferBatch(db, { merchantId: scope.merchantId, environment: scope.environment, reference: batch.reference, approver });
      return { message: tb("approve.done") };
    },
    { fields: ["code"] },
  );
}

/** Cancels a batch still awaiting approval: whoever may make one (nothing was held). */
export async function cancelBatchAction(_state: ActionState, form: FormData): Promise<ActionState> {
  const tb = await getTranslations("batches");
  return runDashboardAction("transfers:request", async ({ db, member, scope }) => {
    await cancelTransferBatch(db, { merchantId: scope.merchantId, environment: scope.environment, reference: referenceOf(form), approver: memberActor(member.userId) });
    return { message: tb("cancel.done") };
  });
}

/** "Retry the failed lines": a new batch of them, awaiting approval, and its page. */
export async function retryFailedLinesAction(_state: ActionState, form: FormData): Promise<ActionState> {
  let target: string | null = null;
  const state = await runDashboardAction("transfers:request", async ({ db, member, scope }) => {
    const retry = await retryFailedLines(db, { merchantId: scope.merchantId, environment: scope.environment, reference: referenceOf(form), maker: memberActor(member.userId) });
    target = dashboardPath(scope.environment, `/batches/${retry.reference}`);
    return null;
  });
  if (target) redirect(target);
  return state;
}
