// POST /admin/api/keys/{id}/revoke - admin: revoke a merchant key (audited)
import { adminRoute } from "@/lib/surfaces/http/admin-route";
import { revokeApiKey } from "@/lib/features/api-keys/staff-api-keys";
import { db } from "@/lib/core/db/client";
import { routeMethods } from "@/lib/surfaces/http/api-route";

const post = adminRoute({ action: "merchants:credentials" }, async ({ params, staff }) => ({
  body: await revokeApiKey(db(), { staffId: staff.id, keyId: params.id }),
}));

// Other methods answer 400/40017 in the error envelope, with Allow.
export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ POST: post });
