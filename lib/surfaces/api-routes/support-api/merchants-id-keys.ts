// Admin: issue a key (shown once, audited)
import { supportRoute } from "@/lib/surfaces/http/support-route";
import { createApiKey } from "@/lib/features/api-keys/staff-api-keys";
import { db } from "@/lib/core/db/client";
import { createKeySchema } from "@/lib/core/schemas/support";
import { apiOperation } from "../operation";

const post = supportRoute({ action: "merchants:credentials", body: createKeySchema }, async ({ params, body, staff }) => ({
  body: await createApiKey(db(), { staffId: staff.id, merchantId: params.id, ...body }),
}));

export const postSupportMerchantsIdKeys = apiOperation({
  method: "POST",
  path: "/admin/api/merchants/[id]/keys",
  handler: post,
});
