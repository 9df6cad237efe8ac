// Available and pending amounts per currency, from the ledger
import { toMajor } from "@/lib/core/domain/money";
import { apiRoute } from "@/lib/surfaces/http/api-route";
import { readBalances } from "@/lib/features/ledger/read-balances";
import { balanceSchema } from "@/lib/core/schemas/balance";
import { commonErrors, jsonResponse } from "@/lib/surfaces/openapi/responses";
import { apiOperation } from "../operation";

export const getBalance = apiOperation({
  method: "GET",
  path: "/api/v4/merchant/balance",
  sandbox: true,
  lane: true,
  order: 400,
  openapi: {
    operationId: "getBalance",
    summary: "Available and pending balance per currency, from the ledger",
    description:
      "Completed deposits and payment links credit `available` with their amount (the customer paid the fees). An " +
      "accepted transfer moves amount + fees from `available` to `pending`; completed, it leaves; failed, it returns.",
    responses: { "200": jsonResponse("One entry per currency the merchant has used", balanceSchema), ...commonErrors },
  },
  handler: apiRoute({ auth: { scope: "balance:read" } }, async ({ db, principal, environment }) => {
    const balances = await readBalances(db, principal.merchantId, environment);
    return {
      body: {
        balances: balances.map((b) => ({
          currency: b.currency,
          available: toMajor(b.availableMinor, b.currency),
          pending: toMajor(b.pendingMinor, b.currency),
        })),
      },
    };
  }),
});
