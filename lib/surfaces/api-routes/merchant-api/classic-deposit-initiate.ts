// POST /api/v4/classic/deposit/initiate - single-step deposit on a DIRECT or REDIRECT gateway
import { ApiError } from "@/lib/core/errors/api-error";
import { sendWrittenDeposit, writeDeposit } from "@/lib/features/deposits/create-deposit";
import { scheduleSandboxAnswer } from "@/lib/features/deposits/schedule-sandbox-answer";
import { toDepositJson } from "@/lib/features/deposits/transform-deposit";
import { apiRoute, routeMethods } from "@/lib/surfaces/http/api-route";
import { depositRequestSchema } from "@/lib/core/schemas/deposit";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  POST: apiRoute(
    { auth: { scope: "deposits:write" }, body: depositRequestSchema, idempotentOperation: "deposits.initiate" },
    {
      intent: async ({ db, body, principal, environment, origin }) =>
        (await writeDeposit(db, { merchantId: principal.merchantId, environment, input: body, endpoint: "classic", origin })).deposit,
      complete: async ({ db, origin }, id, written) => {
        const deposit = written ?? (await db.deposit.findUnique({ where: { id } }));
        // Resumed after the first request's operator refused it and its row was deleted: nothing stands.
        if (!deposit) throw new ApiError(50200, { details: "The operator refused this deposit; no deposit was created" });
        const sent = await sendWrittenDeposit(db, deposit, { origin, resumed: written === null });
        scheduleSandboxAnswer(sent);
        return { body: toDepositJson(sent) };
      },
    },
  ),
});
