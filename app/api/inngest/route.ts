// GET|POST|PUT /api/inngest - where Inngest registers and calls the background functions. Without
// Inngest configured the embedded runner does that work and nothing may call in: the endpoint is
// the API's 404 (the SDK's handler would answer a stray request with a 500).
import type { NextRequest } from "next/server";
import { serve } from "inngest/next";
import { routeMethods, staticErrorResponse } from "@/lib/surfaces/http/route-methods";
import type { NextRouteContext } from "@/lib/surfaces/http/route-params";
import { inngest } from "@/lib/integrations/inngest/inngest-client";
import { inngestConfigured } from "@/lib/integrations/inngest/inngest-configured";
import { jobFunctions } from "@/lib/features/jobs/job-functions";

const served = serve({ client: inngest, functions: jobFunctions });
const notServed = staticErrorResponse(40004, "Background work runs in this process: Inngest is not configured");

// Next hands route handlers a NextRequest, which the SDK's handler is typed for.
const whenConfigured =
  (handler: typeof served.GET) =>
  (request: Request, context: NextRouteContext) =>
    inngestConfigured() ? handler(request as NextRequest, context) : notServed(request, context);

// Other methods answer 400/40017 in the error envelope, with Allow.
export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: whenConfigured(served.GET),
  POST: whenConfigured(served.POST),
  PUT: whenConfigured(served.PUT),
});
