import type { DbClient } from "@/lib/core/db/client";
import { reconcile } from "@/lib/features/ledger/reconcile";
import { lateSuccessRow, openOutcomeRow } from "@/lib/core/domain/support-rows";
import { recordAudit } from "@/lib/features/audit/record-audit";
import { withMerchantNames } from "@/lib/features/transfers/list-transfers";
import { listLateSuccesses } from "./list-late-successes";
import { listOpenOutcomes } from "./list-open-outcomes";
import { readEveryOpenOutcome } from "./read-every-open-outcome";

/**
 * The support view's "ask the operators now" (an admin's: operators' answers may complete or fail
 * payments): what `npm run reconcile` does, on `client` outside any transaction (every read is an
 * operator call), audited with what the pass did; answers the pass and the report as it stands after it.
 */
export async function runReconciliation(client: DbClient, options: { staffId: string }) {
  const pass = await readEveryOpenOutcome(client);
  const [problems, open, late] = await Promise.all([reconcile(client), listOpenOutcomes(client), listLateSuccesses(client)]);
  await recordAudit(client, {
    staffId: options.staffId,
    action: "reconciliation.run",
    targetType: "reconciliation",
    targetId: "operators",
    details: { ...pass, stillOpen: open.length, problems: problems.length },
  });
  return {
    pass,
    ok: problems.length === 0,
    problems,
    open: (await withMerchantNames(client, open)).map(openOutcomeRow),
    completedLate: (await withMerchantNames(client, late)).map(lateSuccessRow),
  };
}
