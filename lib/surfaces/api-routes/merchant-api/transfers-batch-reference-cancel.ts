// Cancel a transfer batch still awaiting approval: nothing was held, its references are free again
import { apiRoute } from "@/lib/surfaces/http/api-route";
import { cancelTransferBatch as cancel } from "@/lib/features/transfers/batches/approve-batch";
import { keyActor } from "@/lib/features/transfers/batches/batch-actor";
import { transferBatchJson } from "@/lib/features/transfers/batches/batch-json";
import { batchAction } from "@/lib/surfaces/openapi/transfer-batches";
import { errorResponse } from "@/lib/surfaces/openapi/responses";
import { apiOperation } from "../operation";

export const cancelTransferBatch = apiOperation({
  method: "POST",
  path: "/api/v4/transfers/batch/[reference]/cancel",
  sandbox: true,
  lane: true,
  order: 560,
  openapi: batchAction(
    "cancelTransferBatch",
    "Cancel a transfer batch awaiting approval (`transfers:write` scope)",
    "Any key that may make batches may cancel one, its maker's or not. Only a batch awaiting approval: nothing was held, and its " +
      "lines' references may be sent again in another batch. No body; a repeat is 409.",
    "The batch, now cancelled",
    { "409": errorResponse("40020 the batch is no longer awaiting approval", [40020, "batch BATCH_TEST_01JD3Z8M6X5V4T3R2Q1P0N9M8K is cancelled: only a batch awaiting approval can be approved or cancelled"]) },
  ),
  handler: apiRoute({ auth: { scope: "transfers:write" } }, async ({ db, params, principal, environment }) => {
    const by = await keyActor(db, principal.keyId);
    const batch = await cancel(db, { merchantId: principal.merchantId, environment, reference: params.reference, approver: by });
    return { body: await transferBatchJson(db, batch) };
  }),
});
