// An admin: read a live deposit's status at its operator now and record it (audited)
import { supportRoute } from "@/lib/surfaces/http/support-route";
import { checkWithOperatorNow } from "@/lib/features/deposits/check-with-operator";
import { db } from "@/lib/core/db/client";
import { apiOperation } from "../operation";

const post = supportRoute({ action: "payments:check-operator" }, async ({ params, staff }) => ({
  body: await checkWithOperatorNow(db(), { staffId: staff.id, reference: params.reference }),
}));

export const postSupportPaymentsReferenceCheckOperator = apiOperation({
  method: "POST",
  path: "/admin/api/payments/[reference]/check-operator",
  handler: post,
});
