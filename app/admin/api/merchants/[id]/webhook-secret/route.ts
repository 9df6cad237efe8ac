// POST /admin/api/merchants/{id}/webhook-secret - admin: rotate the webhook secret (shown once, audited)
import { adminRoute } from "@/lib/admin/admin-route";
import { rotateSecretAsStaff } from "@/lib/admin/webhook-deliveries";
import { db } from "@/lib/db/client";

export const POST = adminRoute({ role: "admin" }, async ({ params, staff }) => ({
  body: await rotateSecretAsStaff(db(), { staffId: staff.id, merchantId: params.id }),
}));
