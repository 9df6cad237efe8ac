import { balanceSchema } from "@/lib/core/schemas/balance";
import { commonErrors, jsonResponse } from "../responses";
import type { Resource } from "./shared";

/** The merchant's balance, from the ledger. */
export const balance: Resource = {
  paths: {
    "/api/v4/merchant/balance": {
      get: {
        operationId: "getBalance",
        summary: "Available and pending balance per currency, from the ledger",
        description:
          "Completed deposits and payment links credit `available` with their amount (the customer paid the fees). An " +
          "accepted transfer moves amount + fees from `available` to `pending`; completed, it leaves; failed, it returns.",
        responses: { "200": jsonResponse("One entry per currency the merchant has used", balanceSchema), ...commonErrors },
      },
    },
  },
};
