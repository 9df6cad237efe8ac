// Readiness (issue 48), for a load balancer or an orchestrator: may this process be sent traffic?
// The database answers and has every migration this build ships, and the due-work runner is
// alive (or Inngest runs the jobs). 200 or 503 with the checks; unauthenticated, so the reasons
// are short words, never a host or an error's text. Not logged, not counted (`metered: false`):
// it is asked every few seconds. Liveness stays GET /api/health, which touches nothing.
import { databaseReadiness } from "@/lib/core/db/readiness";
import { runnerReadiness } from "@/lib/features/jobs/runner-heartbeat";
import { apiOperation } from "../operation";

export const getReadiness = apiOperation({
  method: "GET",
  path: "/api/health/ready",
  sandbox: true,
  metered: false,
  handler: async () => {
    const { database, migrations } = await databaseReadiness();
    const runner = runnerReadiness();
    const ready = database.ok && migrations.ok && runner.ok;
    return Response.json({ status: ready ? "ready" : "not_ready", checks: { database, migrations, runner } }, { status: ready ? 200 : 503, headers: { "cache-control": "no-store" } });
  },
});
