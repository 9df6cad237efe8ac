// POST /admin/api/keys/{id}/revoke - admin: revoke a merchant key (audited)
import { adminRoute } from "@/lib/admin/admin-route";
import { revokeApiKey } from "@/lib/admin/manage-api-keys";
import { db } from "@/lib/db/client";

export const POST = adminRoute({ role: "admin" }, async ({ params, staff }) => ({
  body: await revokeApiKey(db(), { staffId: staff.id, keyId: params.id }),
}));
