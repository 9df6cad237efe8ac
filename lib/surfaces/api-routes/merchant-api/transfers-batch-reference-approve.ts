// Approve a transfer batch another member made: its total is held and its lines go out
import { apiRoute } from "@/lib/surfaces/http/api-route";
import { approveTransferBatch as approve } from "@/lib/features/transfers/batches/approve-batch";
import { keyActor } from "@/lib/features/transfers/batches/batch-actor";
import { transferBatchJson } from "@/lib/features/transfers/batches/batch-json";
import { batchAction } from "@/lib/surfaces/openapi/transfer-batches";
import { errorResponse } from "@/lib/surfaces/openapi/responses";
import { apiOperation } from "../operation";

export const approveTransferBatch = apiOperation({
  method: "POST",
  path: "/api/v4/transfers/batch/[reference]/approve",
  sandbox: true,
  lane: true,
  order: 550,
  openapi: batchAction(
    "approveTransferBatch",
    "Approve a transfer batch: hold its total and send its lines (`transfers:approve` scope)",
    "Maker-checker: the approving key must have been made (dashboard > Developers) by a member other than the batch's maker, and " +
      "hold the `transfers:approve` scope (only a key an owner or an admin made holds it). The batch's amounts + fees are held from the available " +
      "balance at once, under the same lock as any payout, and each line becomes its own transfer (each with its transfer.* webhook); " +
      "the lines leave at each operator's pace. Two approvals at once approve once: the other is told 409. No body; a repeat is 409, " +
      "never a second payment.",
    "The batch, now processing",
    {
      "400": errorResponse("40020 a line's gateway is no longer offered (cancel the batch and send it again)", [40020, "line 3: gateway TMONEY_TG is no longer offered; cancel the batch and send it again"]),
      "403": errorResponse(
        "40001 the key lacks transfers:approve, or was made by the batch's maker (or by no recorded member), or live payments are not activated",
        [40001, "a batch is approved by another member than the one who made it"],
        [40001, "This key lacks the 'transfers:approve' scope"],
      ),
      "409": errorResponse("40020 the batch is no longer awaiting approval (approved or cancelled already)", [40020, "batch BATCH_TEST_01JD3Z8M6X5V4T3R2Q1P0N9M8K is processing: only a batch awaiting approval can be approved or cancelled"]),
      "422": errorResponse("40013 the available balance no longer covers the batch (nothing was held)", [40013, "available 200000 XOF; this batch needs 272700 (amounts + fees 2700)"]),
    },
  ),
  handler: apiRoute({ auth: { scope: "transfers:approve" } }, async ({ db, params, principal, environment }) => {
    const approver = await keyActor(db, principal.keyId);
    const batch = await approve(db, { merchantId: principal.merchantId, environment, reference: params.reference, approver });
    return { body: await transferBatchJson(db, batch) };
  }),
});
