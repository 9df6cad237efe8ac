import { errorFields, log } from "@/lib/logging/log";
import { inngestConfigured } from "./inngest-configured";

export type JobEvent =
  | { name: "webhook/delivery.due"; data: { deliveryId: string } }
  | { name: "payment-link/created"; data: { linkId: string; expiresAt: string } }
  | { name: "deposit/created"; data: { depositId: string; expiresAt: string } };

/**
 * Tells Inngest about new work, when Inngest runs the jobs; without it the embedded runner
 * finds the same work in the database, so this is a no-op. Never awaited by callers and never
 * throws: a lost event only delays the work until the periodic sweep, it loses nothing.
 */
export function sendJobEvent(event: JobEvent): void {
  if (!inngestConfigured()) return;
  import("./inngest-client")
    .then(({ inngest }) => inngest.send(event))
    .catch((error) => log("warn", "inngest event not sent; the sweep will catch up", { event: event.name, ...errorFields(error) }));
}
