// POST /admin/api/merchants/{id}/members/{userId}/verify-email - admin: confirm a member's e-mail by hand (audited)
import { adminRoute } from "@/lib/surfaces/http/admin-route";
import { verifyMemberEmailAsStaff } from "@/lib/features/team/verify-member-email";
import { db } from "@/lib/core/db/client";
import { routeMethods } from "@/lib/surfaces/http/api-route";

const post = adminRoute({ action: "members:verify-email" }, async ({ params, staff }) => ({
  body: await verifyMemberEmailAsStaff(db(), { staffId: staff.id, merchantId: params.id, userId: params.userId }),
}));

// Other methods answer 400/40017 in the error envelope, with Allow.
export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ POST: post });
