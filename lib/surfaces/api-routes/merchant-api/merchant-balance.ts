// GET /api/v4/merchant/balance - available and pending amounts per currency, from the ledger
import { toMajor } from "@/lib/core/domain/money";
import { apiRoute, routeMethods } from "@/lib/surfaces/http/api-route";
import { readBalances } from "@/lib/features/ledger/read-balances";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: apiRoute({ auth: { scope: "balance:read" } }, async ({ db, principal, environment }) => {
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
