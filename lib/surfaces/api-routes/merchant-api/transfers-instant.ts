// POST /api/v4/transfers/instant - pay out from the available balance to a mobile-money beneficiary
import { apiRoute, routeMethods } from "@/lib/surfaces/http/api-route";
import { transferRequestSchema } from "@/lib/core/schemas/transfer";
import { createTransfer } from "@/lib/features/transfers/create-transfer";
import { toTransferJson } from "@/lib/features/transfers/transform-transfer";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  POST: apiRoute(
    { auth: { scope: "transfers:write" }, body: transferRequestSchema, idempotentOperation: "transfers.instant" },
    async ({ db, body, principal, environment }) => {
      const transfer = await createTransfer(db, { merchantId: principal.merchantId, environment, input: body });
      return { body: toTransferJson(transfer) };
    },
  ),
});
