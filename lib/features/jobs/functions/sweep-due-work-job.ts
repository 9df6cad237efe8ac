import { cron } from "inngest";
import { db } from "@/lib/core/db/client";
import { inngest } from "@/lib/integrations/inngest/inngest-client";
import { runDueWork } from "../run-due-work";

/**
 * Every minute, whatever is overdue: the safety net under the event-driven functions. The live
 * operators' open outcomes are the reconciliation function's (reconcile-operator-outcomes-job.ts).
 */
export const sweepDueWorkJob = inngest.createFunction(
  { id: "sweep-due-work", triggers: [cron("* * * * *")] },
  async ({ step }) => step.run("run-due-work", () => runDueWork(db(), new Date(), { parts: { settle: true, reconcile: false, webhooks: true } })),
);
