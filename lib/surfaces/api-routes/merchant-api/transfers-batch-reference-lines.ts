// A transfer batch's lines in their order, by cursor pages, optionally of one status
import { apiRoute } from "@/lib/surfaces/http/api-route";
import { validationError } from "@/lib/core/errors/validation-errors";
import { BATCH_LINES_PAGE_DEFAULT, listBatchLinesQuerySchema, transferBatchLineListSchema } from "@/lib/core/schemas/transfer-batch";
import { getBatchOrThrow } from "@/lib/features/transfers/batches/approve-batch";
import { listBatchLines } from "@/lib/features/transfers/batches/read-batch";
import { toBatchLineJson } from "@/lib/features/transfers/batches/transform-batch";
import { batchReferenceParams } from "@/lib/surfaces/openapi/transfer-batches";
import { commonErrors, errorResponse, jsonContent, notFoundError } from "@/lib/surfaces/openapi/responses";
import { apiOperation } from "../operation";

export const listTransferBatchLines = apiOperation({
  method: "GET",
  path: "/api/v4/transfers/batch/[reference]/lines",
  sandbox: true,
  lane: true,
  order: 540,
  openapi: {
    operationId: "listTransferBatchLines",
    summary: "A transfer batch's lines, in the order sent, by cursor pages (`transfers:read` scope)",
    description:
      "Each line with its status, and once the batch is approved its transfer's reference (GET /api/v4/transfers/{reference}, " +
      "whose `batchLineReference` is the line's reference) and failure reason. Pass the last `line` of a page as `startingAfter` " +
      "for the next one; `status` keeps the lines of one status (the failed ones, say).",
    requestParams: { path: batchReferenceParams.path, query: listBatchLinesQuerySchema },
    responses: {
      "200": { description: "One page of lines", ...jsonContent(transferBatchLineListSchema) },
      "400": errorResponse(
        "40023 a query parameter breaks its rule (details names it)",
        [40023, "limit must be a whole number from 1 to 100"],
        [40023, "status must be one of awaiting_approval, pending, completed, failed, cancelled"],
      ),
      "404": notFoundError,
      ...commonErrors,
    },
  },
  handler: apiRoute({ auth: { scope: "transfers:read" } }, async ({ db, request, params, principal, environment }) => {
    const input = Object.fromEntries(new URL(request.url).searchParams);
    const parsed = listBatchLinesQuerySchema.safeParse(input);
    if (!parsed.success) throw validationError(parsed.error, input);
    const { limit = BATCH_LINES_PAGE_DEFAULT, startingAfter, status } = parsed.data;
    const batch = await getBatchOrThrow(db, principal.merchantId, environment, params.reference);
    const page = await listBatchLines(db, batch, { limit, after: startingAfter, status });
    return { body: { data: page.lines.map(toBatchLineJson), hasMore: page.hasMore } };
  }),
});
