import { Inngest } from "inngest";

// The one Inngest client. It reads INNGEST_EVENT_KEY / INNGEST_SIGNING_KEY / INNGEST_DEV from the
// environment; without them the app uses the embedded runner instead (lib/features/jobs/embedded-runner.ts).
export const inngest = new Inngest({ id: "payment-collection-service" });
