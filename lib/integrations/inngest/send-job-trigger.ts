import { errorFields, log } from "@/lib/core/logging/log";
import { inngestConfigured } from "./inngest-configured";

/**
 * A job trigger: an Inngest event that starts a job (lib/features/jobs/functions), not a webhook event of the
 * events API (lib/features/events). The names are Inngest's wire names, declared in job-triggers.ts.
 */
export type JobTrigger =
  | { name: "webhook/delivery.due"; data: { deliveryId: string } }
  | { name: "payment-link/created"; data: { linkId: string; expiresAt: string } }
  | { name: "deposit/created"; data: { depositId: string; expiresAt: string } }
  | { name: "payment-link/receipt.due"; data: { linkId: string } };

/**
 * Tells Inngest about new work, when Inngest runs the jobs; without it the embedded runner
 * finds the same work in the database, so this is a no-op. Never awaited by callers and never
 * throws: a lost trigger only delays the work until the periodic sweep, it loses nothing.
 */
export function sendJobTrigger(trigger: JobTrigger): void {
  if (!inngestConfigured()) return;
  import("./inngest-client")
    .then(({ inngest }) => inngest.send(trigger))
    .catch((error) => log("warn", "job trigger not sent to Inngest; the sweep will catch up", { trigger: trigger.name, ...errorFields(error) }));
}
