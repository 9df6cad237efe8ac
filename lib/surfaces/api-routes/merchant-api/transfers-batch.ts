// Pay many beneficiaries in one batch, checked whole, sent once a second member approves it
import { apiRoute } from "@/lib/surfaces/http/api-route";
import { BATCH_MAX_LINES, transferBatchEnvelopeSchema, transferBatchRequestSchema } from "@/lib/core/schemas/transfer-batch";
import { keyActor } from "@/lib/features/transfers/batches/batch-actor";
import { transferBatchJson } from "@/lib/features/transfers/batches/batch-json";
import { createTransferBatch as makeBatch } from "@/lib/features/transfers/batches/create-batch";
import { commonErrors, errorResponse, idempotencyErrors, jsonContent } from "@/lib/surfaces/openapi/responses";
import * as examples from "@/lib/surfaces/openapi/examples";
import { batchRefusals, batchResponse } from "@/lib/surfaces/openapi/transfer-batches";
import { idempotencyParams } from "@/lib/surfaces/openapi/shared";
import { apiOperation } from "../operation";

/** 500 lines with names, callbacks and metadata: well past the API's 64 KiB. */
const BATCH_MAX_BODY_BYTES = 1024 * 1024;

export const createTransferBatch = apiOperation({
  method: "POST",
  path: "/api/v4/transfers/batch",
  sandbox: true,
  lane: true,
  order: 520,
  openapi: {
    operationId: "createTransferBatch",
    summary: "Pay many beneficiaries at once: a batch of transfers, approved by a second member (`transfers:write` scope)",
    description:
      `Up to ${BATCH_MAX_LINES} items, each an instant transfer's fields plus your own \`reference\` for the line (unique among ` +
      "your lines: a reference pays at most once), in one currency. The whole batch is checked before anything is written: " +
      "each line's fields, gateway, currency and country, its phone against its country, a reference or a line sent twice, " +
      "a reference an earlier batch holds, then the total (amounts + fees) against the available balance. One bad line refuses " +
      "the whole batch (400, every refused line in `error.lines` with its `field` and `rule`); a total over the balance is 422/40013. " +
      "Nothing is held yet: the batch waits in `awaiting_approval` until a member other than its maker (the member who made this " +
      "API key) approves it (POST .../approve, a key with the `transfers:approve` scope) or it is cancelled. The body may be up to 1 MiB.",
    requestParams: idempotencyParams,
    requestBody: jsonContent(transferBatchRequestSchema, examples.transferBatch),
    responses: {
      "200": batchResponse("The batch, awaiting approval"),
      "400": batchRefusals,
      ...idempotencyErrors,
      "409": errorResponse(
        "40020 a request with this Idempotency-Key is still running, or a line's reference was taken by another batch made at the same moment (nothing was written)",
        [40020, "A request with this Idempotency-Key is still running; retry shortly"],
        [40020, "a line's reference was taken by another batch made at the same time: nothing was written"],
      ),
      "413": errorResponse("40023 body larger than 1 MiB", [40023, `the body must be at most ${BATCH_MAX_BODY_BYTES} bytes`]),
      "422": errorResponse(
        "40013 the available balance does not cover the lines' amounts + fees (nothing was written); 40020 this Idempotency-Key was used with a different body",
        [40013, "available 200000 XOF; this batch needs 272700 (amounts + fees 2700)"],
        [40020, "This Idempotency-Key was used with a different body"],
      ),
      ...commonErrors,
    },
  },
  handler: apiRoute(
    // The lines are read as they are (the envelope): the feature checks each and names every refused one.
    { auth: { scope: "transfers:write" }, body: transferBatchEnvelopeSchema, idempotentOperation: "transfers.batch", maxBodyBytes: BATCH_MAX_BODY_BYTES },
    async ({ db, body, principal, environment }) => {
      const batch = await makeBatch(db, { merchantId: principal.merchantId, environment, input: body, maker: await keyActor(db, principal.keyId) });
      return { body: await transferBatchJson(db, batch) };
    },
  ),
});
