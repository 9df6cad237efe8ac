// GET|POST|PUT /api/inngest - where Inngest registers and calls the background functions
import { serve } from "inngest/next";
import { inngest } from "@/lib/jobs/inngest-client";
import { jobFunctions } from "@/lib/jobs/job-functions";

export const { GET, POST, PUT } = serve({ client: inngest, functions: jobFunctions });
