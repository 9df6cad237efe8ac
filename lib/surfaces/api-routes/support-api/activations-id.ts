// One activation request, with what the merchant told us
import { getActivationRequest } from "@/lib/features/activation/list-activation-requests";
import { supportRoute } from "@/lib/surfaces/http/support-route";
import { db } from "@/lib/core/db/client";
import { apiOperation } from "../operation";

const get = supportRoute({ action: "view" }, async ({ params }) => ({ body: await getActivationRequest(db(), params.id) }));

export const getSupportActivationsId = apiOperation({
  method: "GET",
  path: "/admin/api/activations/[id]",
  handler: get,
});
