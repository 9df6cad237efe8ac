// GET /api/v4/deposits/{reference} - a deposit's current state (any of its references)
import { getDepositOrThrow } from "@/lib/features/deposits/get-deposit-or-throw";
import { toDepositDetailJson } from "@/lib/features/deposits/transform-deposit";
import { apiRoute, routeMethods } from "@/lib/surfaces/http/api-route";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: apiRoute({ auth: { scope: "deposits:read" } }, async ({ db, params, principal, environment }) => {
    const deposit = await getDepositOrThrow(db, { reference: params.reference, merchantId: principal.merchantId, environment });
    return { body: toDepositDetailJson(deposit) };
  }),
});
