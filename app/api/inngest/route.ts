// GET|POST|PUT /api/inngest - where Inngest registers and calls the background functions. Without
// Inngest configured the embedded runner does that work and nothing may call in: the endpoint is
// the API's 404 (the SDK's handler would answer a stray request with a 500).
import { serve } from "inngest/next";
import { staticErrorRoute } from "@/lib/http/api-route";
import { inngest } from "@/lib/inngest/inngest-client";
import { inngestConfigured } from "@/lib/inngest/inngest-configured";
import { jobFunctions } from "@/lib/jobs/job-functions";

const served = serve({ client: inngest, functions: jobFunctions });
const notServed = staticErrorRoute(40004, "Background work runs in this process: Inngest is not configured");

type Handler = typeof served.GET;
const whenConfigured =
  (handler: Handler, method: keyof typeof notServed): Handler =>
  (request, context) =>
    inngestConfigured() ? handler(request, context) : notServed[method](request, { params: Promise.resolve({}) });

export const GET = whenConfigured(served.GET, "GET");
export const POST = whenConfigured(served.POST, "POST");
export const PUT = whenConfigured(served.PUT, "PUT");
