// Give a customer's payment back, in full or in part
import { apiRoute } from "@/lib/surfaces/http/api-route";
import { prepareRefund, sendAcceptedRefund } from "@/lib/features/refunds/create-refund";
import { toRefundJson } from "@/lib/features/refunds/transform-refund";
import { refundRequestSchema, refundSchema } from "@/lib/core/schemas/refund";
import { commonErrors, errorResponse, idempotencyErrors, jsonContent, jsonResponse, notFoundError } from "@/lib/surfaces/openapi/responses";
import * as examples from "@/lib/surfaces/openapi/examples";
import { idempotencyParams } from "@/lib/surfaces/openapi/shared";
import { apiOperation } from "../operation";

export const createRefund = apiOperation({
  method: "POST",
  path: "/api/v4/refunds",
  sandbox: true,
  lane: true,
  order: 600,
  openapi: {
    operationId: "createRefund",
    summary: "Give a customer's payment back, in full or in part",
    description:
      "Refunds a paid payment link or a completed deposit through the operator the customer paid with, to the number " +
      "that paid. At most the payment's amount (what you were credited) less earlier refunds still standing; without " +
      "`amount`, all of it. The fees the customer paid on top are not returned. The refund comes out of your available " +
      "balance (held as pending until the operator pays it back, given back if it fails). Pending first, then refund.completed " +
      "or refund.failed. Sandbox: completed after about 2 s, or failed when the customer's number ends in 333. Live: " +
      "the operator now serving the payment's gateway refunds it through its API: MTN MoMo (through Disbursement, where " +
      "configured), Wave, or pawaPay, the aggregator (Moov Money, Free Money, Orange Money Cameroon, and MTN MoMo where " +
      "pawaPay serves it). Where that operator has no refund API (Orange Money) or none is configured, the platform refunds " +
      "it by hand and it stays pending until then. Needs the `refunds:write` scope.",
    requestParams: idempotencyParams,
    requestBody: jsonContent(refundRequestSchema, examples.refund),
    responses: {
      "200": jsonResponse("The refund was accepted", refundSchema),
      "400": errorResponse(
        "40010 amount more than can still be refunded, or finer than the currency allows; 40020 the payment took no money, " +
          "or is a checkout attempt (refund its link), or is already refunded in full, or is owed back by the platform (a refund due); 40016 body not JSON; 40017 method; " +
          "40021 callbackUrl not HTTPS; 40023 any other rule",
        [40010, "amount 6000 XOF is more than can still be refunded for LINK_TEST_01JD3Z8M6X5V4T3R2Q1P0N9M8K: 5000 XOF"],
        [40020, "LINK_TEST_01JD3Z8M6X5V4T3R2Q1P0N9M8K is expired and holds no payment: only a paid link can be refunded"],
        [40016, "The body must be JSON (Content-Type: application/json)"],
        [40017, "GET is not supported here; Allow: POST"],
        [40021, "callbackUrl must be a valid HTTPS URL"],
        [40023, "paymentReference is required"],
      ),
      "404": notFoundError,
      ...idempotencyErrors,
      "422": errorResponse(
        "40013 the available balance does not cover the refund (nothing was written); 40020 this Idempotency-Key was used with a different body",
        [40013, "available 1000 XOF; this refund needs 5000 XOF"],
        [40020, "This Idempotency-Key was used with a different body"],
      ),
      ...commonErrors,
    },
  },
  handler: apiRoute(
    { auth: { scope: "refunds:write" }, body: refundRequestSchema, idempotentOperation: "refunds.create" },
    {
      intent: { locked: ({ db, body, principal, environment }) => prepareRefund(db, { merchantId: principal.merchantId, environment, input: body, requestedBy: "api" }) },
      complete: async ({ db }, id, written) => {
        const refund = written ?? (await db.refund.findUniqueOrThrow({ where: { id } }));
        return { body: toRefundJson(await sendAcceptedRefund(db, refund, { resumed: written === null })) };
      },
    },
  ),
});
