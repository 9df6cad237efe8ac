// GET /admin/api/activations - merchants' requests for live payments: those in review first (oldest first), then the decided ones
import { listActivationRequests } from "@/lib/features/activation/list-activation-requests";
import { supportRoute } from "@/lib/surfaces/http/support-route";
import { db } from "@/lib/core/db/client";
import { ApiError } from "@/lib/core/errors/api-error";
import { routeMethods } from "@/lib/surfaces/http/api-route";
import { activationStatusFilter } from "@/lib/core/schemas/support-activations";

const get = supportRoute({ action: "view" }, async ({ url }) => {
  const status = activationStatusFilter.safeParse(url.searchParams.get("status") || undefined);
  if (!status.success) throw new ApiError(40023, { details: "status must be one of in_review, approved, refused" });
  return { body: { requests: await listActivationRequests(db(), { status: status.data }) } };
});

// Other methods answer 400/40017 in the error envelope, with Allow.
export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ GET: get });
