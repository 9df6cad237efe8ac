// Single-step deposit on a DIRECT or REDIRECT gateway
import { ApiError } from "@/lib/core/errors/api-error";
import { prepareDeposit, sendWrittenDeposit } from "@/lib/features/deposits/create-deposit";
import { scheduleSandboxAnswer } from "@/lib/features/deposits/schedule-sandbox-answer";
import { toDepositJson } from "@/lib/features/deposits/transform-deposit";
import { apiRoute } from "@/lib/surfaces/http/api-route";
import { depositRequestSchema, depositSchema } from "@/lib/core/schemas/deposit";
import { creationErrors, gatewayError, jsonContent, jsonResponse, operatorUnavailable } from "@/lib/surfaces/openapi/responses";
import * as examples from "@/lib/surfaces/openapi/examples";
import { idempotencyParams } from "@/lib/surfaces/openapi/shared";
import { apiOperation } from "../operation";

export const initiateDeposit = apiOperation({
  method: "POST",
  path: "/api/v4/classic/deposit/initiate",
  sandbox: true,
  lane: true,
  order: 300,
  openapi: {
    operationId: "initiateDeposit",
    summary: "Single-step deposit on a DIRECT (push prompt) or REDIRECT (url) gateway",
    description:
      "Sandbox: the simulated phone answers a DIRECT prompt after about 2 s by its last digits (111 declines, " +
      "222 never answers, 333 has insufficient funds, anything else approves); REDIRECT url opens a simulated " +
      "operator page with Approve and Decline. Deposits expire after 15 minutes.",
    requestParams: idempotencyParams,
    requestBody: jsonContent(depositRequestSchema, examples.directDeposit),
    responses: { "200": jsonResponse("The deposit was started", depositSchema), ...creationErrors, "502": gatewayError, "503": operatorUnavailable },
  },
  handler: apiRoute(
    { auth: { scope: "deposits:write" }, body: depositRequestSchema, idempotentOperation: "deposits.initiate" },
    {
      intent: {
        prepare: ({ db, body, principal, environment, origin }) =>
          prepareDeposit(db, { merchantId: principal.merchantId, environment, input: body, endpoint: "classic", origin }),
      },
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

// The spec names this path too, for the same operation (the same Idempotency-Key scope).
export const initiateDepositAlias = apiOperation({
  ...initiateDeposit,
  path: "/api/v4/deposit/initiate",
  order: 310,
  openapi: { ...initiateDeposit.openapi, operationId: "initiateDepositAlias", summary: "Alias of /api/v4/classic/deposit/initiate" },
});
