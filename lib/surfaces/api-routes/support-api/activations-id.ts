// GET /admin/api/activations/{id} - one activation request, with what the merchant told us
import { getActivationRequest } from "@/lib/features/activation/list-activation-requests";
import { supportRoute } from "@/lib/surfaces/http/support-route";
import { db } from "@/lib/core/db/client";
import { routeMethods } from "@/lib/surfaces/http/api-route";

const get = supportRoute({ action: "view" }, async ({ params }) => ({ body: await getActivationRequest(db(), params.id) }));

// Other methods answer 400/40017 in the error envelope, with Allow.
export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ GET: get });
