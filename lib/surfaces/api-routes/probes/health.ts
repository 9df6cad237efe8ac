// Liveness, touching nothing (no database, no key): also the benchmark's
// framework floor, i.e. what Next.js itself costs per request on this machine.
import { apiOperation } from "../operation";

export const getHealth = apiOperation({
  method: "GET",
  path: "/api/health",
  sandbox: true,
  metered: false,
  handler: async () => Response.json({ status: "ok" }, { headers: { "cache-control": "no-store" } }),
});
