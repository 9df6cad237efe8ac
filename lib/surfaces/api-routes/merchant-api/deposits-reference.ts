// A deposit's current state (any of its references)
import { getDepositOrThrow } from "@/lib/features/deposits/get-deposit-or-throw";
import { toDepositDetailJson } from "@/lib/features/deposits/transform-deposit";
import { apiRoute } from "@/lib/surfaces/http/api-route";
import { depositDetailSchema } from "@/lib/core/schemas/deposit";
import { jsonResponse } from "@/lib/surfaces/openapi/responses";
import { readByReference } from "@/lib/surfaces/openapi/shared";
import { apiOperation } from "../operation";

export const getDeposit = apiOperation({
  method: "GET",
  path: "/api/v4/deposits/[reference]",
  sandbox: true,
  lane: true,
  order: 350,
  openapi: readByReference(
    "getDeposit",
    "Read a deposit by its reference, invoice reference or validated reference",
    jsonResponse("The deposit", depositDetailSchema),
  ),
  handler: apiRoute({ auth: { scope: "deposits:read" } }, async ({ db, params, principal, environment }) => {
    const deposit = await getDepositOrThrow(db, { reference: params.reference, merchantId: principal.merchantId, environment });
    return { body: toDepositDetailJson(deposit) };
  }),
});
