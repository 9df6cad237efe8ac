// POST /admin/api/keys/{id}/revoke - admin: revoke a merchant key (audited)
import { adminRoute } from "@/lib/http/admin-route";
import { revokeApiKey } from "@/lib/admin/manage-api-keys";
import { db } from "@/lib/db/client";
import { routeMethods } from "@/lib/http/api-route";

const post = adminRoute({ role: "admin" }, async ({ params, staff }) => ({
  body: await revokeApiKey(db(), { staffId: staff.id, keyId: params.id }),
}));

// Other methods answer 400/40017 in the error envelope, with Allow.
export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ POST: post });
