// A transfer batch's current state: its status, and its lines' counts and totals by status
import { apiRoute } from "@/lib/surfaces/http/api-route";
import { getBatchOrThrow } from "@/lib/features/transfers/batches/approve-batch";
import { transferBatchJson } from "@/lib/features/transfers/batches/batch-json";
import { batchReferenceParams, batchResponse } from "@/lib/surfaces/openapi/transfer-batches";
import { commonErrors, notFoundError } from "@/lib/surfaces/openapi/responses";
import { apiOperation } from "../operation";

export const getTransferBatch = apiOperation({
  method: "GET",
  path: "/api/v4/transfers/batch/[reference]",
  sandbox: true,
  lane: true,
  order: 530,
  openapi: {
    operationId: "getTransferBatch",
    summary: "Read a transfer batch (`transfers:read` scope)",
    description:
      "`counts` and `totals` give the lines by status: `awaiting_approval` until the batch is approved, then each line's transfer's " +
      "`pending`, `completed` or `failed` (a failed line's amount and fees are back in your balance); `cancelled` for a cancelled batch. " +
      "The batch is `processing` from its approval until its last line ends, then `completed`, or `completed_with_failures` when a line " +
      "failed (transfer_batch.completed is sent then). `retryOf` names the batch whose failed lines this one sends again.",
    requestParams: batchReferenceParams,
    responses: { "200": batchResponse("The batch"), "404": notFoundError, ...commonErrors },
  },
  handler: apiRoute({ auth: { scope: "transfers:read" } }, async ({ db, params, principal, environment }) => {
    const batch = await getBatchOrThrow(db, principal.merchantId, environment, params.reference);
    return { body: await transferBatchJson(db, batch) };
  }),
});
