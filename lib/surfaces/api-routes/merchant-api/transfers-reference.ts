// A transfer's current state
import { apiRoute } from "@/lib/surfaces/http/api-route";
import { getTransferOrThrow } from "@/lib/features/transfers/get-transfer-or-throw";
import { toTransferJson } from "@/lib/features/transfers/transform-transfer";
import { transferSchema } from "@/lib/core/schemas/transfer";
import { jsonResponse } from "@/lib/surfaces/openapi/responses";
import { readByReference } from "@/lib/surfaces/openapi/shared";
import { apiOperation } from "../operation";

export const getTransfer = apiOperation({
  method: "GET",
  path: "/api/v4/transfers/[reference]",
  sandbox: true,
  lane: true,
  order: 510,
  openapi: readByReference("getTransfer", "Read a transfer", jsonResponse("The transfer", transferSchema)),
  handler: apiRoute({ auth: { scope: "transfers:read" } }, async ({ db, params, principal, environment }) => {
    const transfer = await getTransferOrThrow(db, { reference: params.reference, merchantId: principal.merchantId, environment });
    return { body: toTransferJson(transfer) };
  }),
});
