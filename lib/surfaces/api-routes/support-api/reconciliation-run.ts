// An admin: read every open outcome at its operator now, as npm run reconcile does (audited); answers what the pass did and the report after it
import { supportRoute } from "@/lib/surfaces/http/support-route";
import { runReconciliation } from "@/lib/features/reconciliation/run-reconciliation";
import { db } from "@/lib/core/db/client";
import { apiOperation } from "../operation";

// db(), never a transaction: the pass calls the operators (the HTTP layer refuses such calls inside one).
const post = supportRoute({ action: "reconciliation:run" }, async ({ staff }) => ({ body: await runReconciliation(db(), { staffId: staff.id }) }));

export const postSupportReconciliationRun = apiOperation({
  method: "POST",
  path: "/admin/api/reconciliation/run",
  handler: post,
});
