// POST /admin/api/payments/{reference}/check-operator - support: read a live deposit's status at its operator now (audited)
import { adminRoute } from "@/lib/admin/admin-route";
import { checkWithOperatorNow } from "@/lib/admin/check-with-operator";
import { db } from "@/lib/db/client";

export const POST = adminRoute({}, async ({ params, staff }) => ({
  body: await checkWithOperatorNow(db(), { staffId: staff.id, reference: params.reference }),
}));
