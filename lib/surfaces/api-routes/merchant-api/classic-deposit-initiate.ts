// POST /api/v4/classic/deposit/initiate - single-step deposit on a DIRECT or REDIRECT gateway
import { createDeposit } from "@/lib/features/deposits/create-deposit";
import { scheduleSandboxAnswer } from "@/lib/features/deposits/schedule-sandbox-answer";
import { toDepositJson } from "@/lib/features/deposits/transform-deposit";
import { apiRoute, routeMethods } from "@/lib/surfaces/http/api-route";
import { depositRequestSchema } from "@/lib/core/schemas/deposit";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  POST: apiRoute(
    { auth: { scope: "deposits:write" }, body: depositRequestSchema, idempotentOperation: "deposits.initiate", singleWrite: true },
    async ({ db, body, principal, environment, origin }) => {
      const deposit = await createDeposit(db, { merchantId: principal.merchantId, environment, input: body, endpoint: "classic", origin });
      scheduleSandboxAnswer(deposit);
      return { body: toDepositJson(deposit) };
    },
  ),
});
