// What is open at the operators (live outcomes not final, held payments, refunds to act on, oldest first), payouts and refunds paid after we released their funds, and the books' money-safety check, as npm run reconcile reports them
import { supportRoute } from "@/lib/surfaces/http/support-route";
import { lateSuccessRow, openOutcomeRow } from "@/lib/core/domain/support-rows";
import { withMerchantNames } from "@/lib/features/transfers/list-transfers";
import { db } from "@/lib/core/db/client";
import { reconcile } from "@/lib/features/ledger/reconcile";
import { listLateSuccesses } from "@/lib/features/reconciliation/list-late-successes";
import { listOpenOutcomes } from "@/lib/features/reconciliation/list-open-outcomes";
import { apiOperation } from "../operation";

// A read only: nothing is asked of the operators here (npm run reconcile does that).
const get = supportRoute({ action: "view" }, async () => {
  const [problems, open, late] = await Promise.all([reconcile(db()), listOpenOutcomes(db()), listLateSuccesses(db())]);
  return {
    body: {
      ok: problems.length === 0,
      problems,
      open: (await withMerchantNames(db(), open)).map(openOutcomeRow),
      completedLate: (await withMerchantNames(db(), late)).map(lateSuccessRow),
    },
  };
});

export const getSupportReconciliation = apiOperation({
  method: "GET",
  path: "/admin/api/reconciliation",
  handler: get,
});
