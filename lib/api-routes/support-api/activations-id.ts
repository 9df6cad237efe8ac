// GET /admin/api/activations/{id} - one activation request, with what the merchant told us
import { getActivationRequest } from "@/lib/activation/list-activation-requests";
import { adminRoute } from "@/lib/http/admin-route";
import { db } from "@/lib/db/client";
import { routeMethods } from "@/lib/http/api-route";

const get = adminRoute({}, async ({ params }) => ({ body: await getActivationRequest(db(), params.id) }));

// Other methods answer 400/40017 in the error envelope, with Allow.
export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ GET: get });
