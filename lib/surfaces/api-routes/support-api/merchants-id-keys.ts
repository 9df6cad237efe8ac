// POST /admin/api/merchants/{id}/keys - admin: issue a key (shown once, audited)
import { adminRoute } from "@/lib/surfaces/http/admin-route";
import { createApiKey } from "@/lib/features/api-keys/staff-api-keys";
import { db } from "@/lib/core/db/client";
import { createKeySchema } from "@/lib/core/schemas/admin";
import { routeMethods } from "@/lib/surfaces/http/api-route";

const post = adminRoute({ action: "merchants:credentials", body: createKeySchema }, async ({ params, body, staff }) => ({
  body: await createApiKey(db(), { staffId: staff.id, merchantId: params.id, ...body }),
}));

// Other methods answer 400/40017 in the error envelope, with Allow.
export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ POST: post });
