// Admin: confirm a member's e-mail by hand (audited)
import { supportRoute } from "@/lib/surfaces/http/support-route";
import { verifyMemberEmailAsStaff } from "@/lib/features/team/verify-member-email";
import { db } from "@/lib/core/db/client";
import { apiOperation } from "../operation";

const post = supportRoute({ action: "members:verify-email" }, async ({ params, staff }) => ({
  body: await verifyMemberEmailAsStaff(db(), { staffId: staff.id, merchantId: params.id, userId: params.userId }),
}));

export const postSupportMerchantsIdMembersUserIdVerifyEmail = apiOperation({
  method: "POST",
  path: "/admin/api/merchants/[id]/members/[userId]/verify-email",
  handler: post,
});
