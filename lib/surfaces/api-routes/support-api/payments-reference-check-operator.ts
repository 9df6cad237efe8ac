// POST /admin/api/payments/{reference}/check-operator - an admin: read a live deposit's status at its operator now and record it (audited)
import { adminRoute } from "@/lib/surfaces/http/admin-route";
import { checkWithOperatorNow } from "@/lib/features/deposits/check-with-operator";
import { db } from "@/lib/core/db/client";
import { routeMethods } from "@/lib/surfaces/http/api-route";

const post = adminRoute({ action: "payments:check-operator" }, async ({ params, staff }) => ({
  body: await checkWithOperatorNow(db(), { staffId: staff.id, reference: params.reference }),
}));

// Other methods answer 400/40017 in the error envelope, with Allow.
export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ POST: post });
