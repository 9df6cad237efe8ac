// Admin: issue a key (shown once, audited)
import { adminRoute } from "@/lib/surfaces/http/admin-route";
import { createApiKey } from "@/lib/features/api-keys/staff-api-keys";
import { db } from "@/lib/core/db/client";
import { createKeySchema } from "@/lib/core/schemas/admin";
import { apiOperation } from "../operation";

const post = adminRoute({ action: "merchants:credentials", body: createKeySchema }, async ({ params, body, staff }) => ({
  body: await createApiKey(db(), { staffId: staff.id, merchantId: params.id, ...body }),
}));

export const postSupportMerchantsIdKeys = apiOperation({
  method: "POST",
  path: "/admin/api/merchants/[id]/keys",
  handler: post,
});
