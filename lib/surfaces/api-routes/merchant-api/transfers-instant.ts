// POST /api/v4/transfers/instant - pay out from the available balance to a mobile-money beneficiary
import { apiRoute, routeMethods } from "@/lib/surfaces/http/api-route";
import { transferRequestSchema } from "@/lib/core/schemas/transfer";
import { acceptTransfer, sendAcceptedTransfer } from "@/lib/features/transfers/create-transfer";
import { toTransferJson } from "@/lib/features/transfers/transform-transfer";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  POST: apiRoute(
    { auth: { scope: "transfers:write" }, body: transferRequestSchema, idempotentOperation: "transfers.instant" },
    {
      intent: ({ db, body, principal, environment }) => acceptTransfer(db, { merchantId: principal.merchantId, environment, input: body }),
      complete: async ({ db }, id, written) => {
        const transfer = written ?? (await db.transfer.findUniqueOrThrow({ where: { id } }));
        return { body: toTransferJson(await sendAcceptedTransfer(db, transfer, { resumed: written === null })) };
      },
    },
  ),
});
