// Retry the failed lines of a finished transfer batch: a new batch of them, awaiting approval
import { apiRoute } from "@/lib/surfaces/http/api-route";
import { keyActor } from "@/lib/features/transfers/batches/batch-actor";
import { transferBatchJson } from "@/lib/features/transfers/batches/batch-json";
import { retryFailedLines } from "@/lib/features/transfers/batches/retry-failed-lines";
import { batchAction, withLines } from "@/lib/surfaces/openapi/transfer-batches";
import { errorResponse } from "@/lib/surfaces/openapi/responses";
import { apiOperation } from "../operation";

export const retryTransferBatch = apiOperation({
  method: "POST",
  path: "/api/v4/transfers/batch/[reference]/retry",
  sandbox: true,
  lane: true,
  order: 570,
  openapi: batchAction(
    "retryTransferBatch",
    "Retry the failed lines of a batch: a new batch of them (`transfers:write` scope)",
    "For a batch `completed_with_failures`: its failed lines (their funds are back in your balance), with their references, " +
      "become a new batch whose `retryOf` is this one. It is checked whole and awaits approval like any batch (the money moves again). " +
      "The lines go over once: a second retry, at once or later, is refused (400 or 409) and pays nothing. No body.",
    "The new batch, awaiting approval",
    {
      "400": withLines(errorResponse(
        "40020 the batch is not completed with failures, or its failed lines were already sent again; 40023 a line no longer passes the checks (error.lines)",
        [40020, "batch BATCH_TEST_01JD3Z8M6X5V4T3R2Q1P0N9M8K is processing: only a batch completed with failures has failed lines to send again"],
        [40020, "batch BATCH_TEST_01JD3Z8M6X5V4T3R2Q1P0N9M8K's failed lines were already sent again"],
        [40023, "1 of 2 lines refused, nothing was written (see error.lines): line 1: gatewayName 'WAVE_CI' is not a withdrawal gateway enabled for this account; see GET /public/gateways/withdraw/list"],
      )),
      "409": errorResponse("40020 another retry of the same lines was made at the same moment", [40020, "the failed lines were already sent again by another retry: nothing was written"]),
      "422": errorResponse("40013 the available balance does not cover the failed lines again", [40013, "available 1000 XOF; this batch needs 1010 (amounts + fees 10)"]),
    },
  ),
  handler: apiRoute({ auth: { scope: "transfers:write" } }, async ({ db, params, principal, environment }) => {
    const batch = await retryFailedLines(db, { merchantId: principal.merchantId, environment, reference: params.reference, maker: await keyActor(db, principal.keyId) });
    return { body: await transferBatchJson(db, batch) };
  }),
});
