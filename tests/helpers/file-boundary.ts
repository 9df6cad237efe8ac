import { afterAll } from "vitest";
import { forgetLimiters } from "@/lib/core/limits/rate-limit";
import { forgetKeyUsageCounts } from "@/lib/features/api-keys/key-usage-counter";
import { forgetOperatorBreakers } from "@/lib/integrations/gateways/operators/circuit-breaker";

// Files share a worker process one after another (vitest.config.ts). What one leaves in the
// process ends with it: what it set in process.env (a limit lowered, a setting tried), the
// operators' circuits it opened, the limiters' counts, its API keys' counts not yet written (which
// would otherwise reach the next file's database). The first setup file, so this runs after
// the file's own afterAll hooks and the database's (Vitest runs them in reverse).
const envBefore = { ...process.env };
afterAll(() => {
  for (const name of Object.keys(process.env)) if (!(name in envBefore)) delete process.env[name];
  Object.assign(process.env, envBefore);
  forgetOperatorBreakers();
  forgetLimiters();
  forgetKeyUsageCounts();
});
