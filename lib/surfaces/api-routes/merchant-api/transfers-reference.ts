// GET /api/v4/transfers/{reference} - a transfer's current state
import { apiRoute, routeMethods } from "@/lib/surfaces/http/api-route";
import { getTransferOrThrow } from "@/lib/features/transfers/get-transfer-or-throw";
import { toTransferJson } from "@/lib/features/transfers/transform-transfer";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: apiRoute({ auth: { scope: "transfers:read" } }, async ({ db, params, principal, environment }) => {
    const transfer = await getTransferOrThrow(db, { reference: params.reference, merchantId: principal.merchantId, environment });
    return { body: toTransferJson(transfer) };
  }),
});
