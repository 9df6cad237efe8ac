// Pay out from the available balance to a mobile-money beneficiary
import { apiRoute } from "@/lib/surfaces/http/api-route";
import { transferRequestSchema, transferSchema } from "@/lib/core/schemas/transfer";
import { prepareTransfer, sendAcceptedTransfer } from "@/lib/features/transfers/create-transfer";
import { toTransferJson } from "@/lib/features/transfers/transform-transfer";
import { creationErrors, errorResponse, gatewayError, jsonContent, jsonResponse } from "@/lib/surfaces/openapi/responses";
import * as examples from "@/lib/surfaces/openapi/examples";
import { idempotencyParams } from "@/lib/surfaces/openapi/shared";
import { apiOperation } from "../operation";

export const createInstantTransfer = apiOperation({
  method: "POST",
  path: "/api/v4/transfers/instant",
  sandbox: true,
  lane: true,
  order: 500,
  openapi: {
    operationId: "createInstantTransfer",
    summary: "Pay out from the available balance to a mobile-money beneficiary",
    description:
      "gatewayName comes from GET /public/gateways/withdraw/list; its type decides what happens: DIRECT is sent to the " +
      "operator at once (sandbox: the beneficiary phone's last digits decide, as for deposits: 111 declines, 222 never " +
      "answers, 333 refused, anything else paid, after about 2 s); MANUAL waits for the platform's review; SCHEDULED " +
      "leaves with the next hourly batch. amount + fees are taken from the available balance when accepted and given " +
      "back if the transfer fails. Live DIRECT payouts go through the operator serving the gateway: MTN MoMo (Disbursement, " +
      "where configured) or Wave directly, or pawaPay, the aggregator (FREE_MONEY_SN, and MTN MoMo where no direct MTN " +
      "account serves it); pending until the operator's outcome (Wave's can be final at once; a first send the operator " +
      "refuses fails and gives the funds back). A live DIRECT gateway with no payout operator here (Orange Money, which has " +
      "no payout API; any gateway whose operator is not configured) is not in the live withdraw list and answers 502 " +
      "with code 50200 (\"<gateway> payouts are not available in production yet\"), nothing written. Live SCHEDULED payouts wait for their batch " +
      "(a bank transfer is then paid by the platform by hand); MANUAL ones for the platform's review.",
    requestParams: idempotencyParams,
    requestBody: jsonContent(transferRequestSchema, examples.transfer),
    responses: {
      "200": jsonResponse("The transfer was accepted", transferSchema),
      ...creationErrors,
      // Replaces the generic 422: here it has a second cause.
      "422": errorResponse(
        "40013 the available balance does not cover amount + fees (nothing was written); 40020 this Idempotency-Key was used with a different body",
        [40013, "Available 500 XOF; this transfer needs 1010 XOF (amount + fees)"],
        [40020, "This Idempotency-Key was used with a different body"],
      ),
      "502": gatewayError,
    },
  },
  handler: apiRoute(
    { auth: { scope: "transfers:write" }, body: transferRequestSchema, idempotentOperation: "transfers.instant" },
    {
      intent: { locked: ({ db, body, principal, environment }) => prepareTransfer(db, { merchantId: principal.merchantId, environment, input: body }) },
      complete: async ({ db }, id, written) => {
        const transfer = written ?? (await db.transfer.findUniqueOrThrow({ where: { id } }));
        return { body: toTransferJson(await sendAcceptedTransfer(db, transfer, { resumed: written === null })) };
      },
    },
  ),
});
