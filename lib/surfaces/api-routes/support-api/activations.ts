// Merchants' requests for live payments: those in review first (oldest first), then the decided ones
import { listActivationRequests } from "@/lib/features/activation/list-activation-requests";
import { supportRoute } from "@/lib/surfaces/http/support-route";
import { db } from "@/lib/core/db/client";
import { ApiError } from "@/lib/core/errors/api-error";
import { activationStatusFilter } from "@/lib/core/schemas/support-activations";
import { apiOperation } from "../operation";

const get = supportRoute({ action: "view" }, async ({ url }) => {
  const status = activationStatusFilter.safeParse(url.searchParams.get("status") || undefined);
  if (!status.success) throw new ApiError(40023, { details: "status must be one of in_review, approved, refused" });
  return { body: { requests: await listActivationRequests(db(), { status: status.data }) } };
});

export const getSupportActivations = apiOperation({
  method: "GET",
  path: "/admin/api/activations",
  handler: get,
});
