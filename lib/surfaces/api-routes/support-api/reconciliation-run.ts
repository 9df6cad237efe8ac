// POST /admin/api/reconciliation/run - an admin: read every open outcome at its operator now, as npm run reconcile does (audited); answers what the pass did and the report after it
import { supportRoute } from "@/lib/surfaces/http/support-route";
import { runReconciliation } from "@/lib/features/reconciliation/run-reconciliation";
import { db } from "@/lib/core/db/client";
import { routeMethods } from "@/lib/surfaces/http/api-route";

// db(), never a transaction: the pass calls the operators (the HTTP layer refuses such calls inside one).
const post = supportRoute({ action: "reconciliation:run" }, async ({ staff }) => ({ body: await runReconciliation(db(), { staffId: staff.id }) }));

// Other methods answer 400/40017 in the error envelope, with Allow.
export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ POST: post });
