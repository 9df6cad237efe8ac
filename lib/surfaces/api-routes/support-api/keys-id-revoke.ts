// Admin: revoke a merchant key (audited)
import { supportRoute } from "@/lib/surfaces/http/support-route";
import { revokeApiKey } from "@/lib/features/api-keys/staff-api-keys";
import { db } from "@/lib/core/db/client";
import { apiOperation } from "../operation";

const post = supportRoute({ action: "merchants:credentials" }, async ({ params, staff }) => ({
  body: await revokeApiKey(db(), { staffId: staff.id, keyId: params.id }),
}));

export const postSupportKeysIdRevoke = apiOperation({
  method: "POST",
  path: "/admin/api/keys/[id]/revoke",
  handler: post,
});
