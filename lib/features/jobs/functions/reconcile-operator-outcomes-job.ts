import { cron } from "inngest";
import { db } from "@/lib/core/db/client";
import { inngest } from "@/lib/integrations/inngest/inngest-client";
import { reconcileOperatorOutcomes } from "@/lib/features/reconciliation/reconcile-operator-outcomes";

/**
 * Every minute, every live outcome an operator has not made final yet is read again on its own
 * back-off (lib/features/reconciliation/): pending and unknown deposits, deposits we ended that the
 * operator may still take, payouts and refunds in flight. A full batch goes again at once.
 */
export const reconcileOperatorOutcomesJob = inngest.createFunction(
  { id: "reconcile-operator-outcomes", triggers: [cron("* * * * *")], concurrency: { limit: 1 } },
  async ({ step }) => {
    for (let round = 0; round < 10; round++) {
      const pass = await step.run(`reconcile-${round}`, () => reconcileOperatorOutcomes(db()));
      if (!pass.backlog) return pass;
    }
    return { backlog: true };
  },
);
