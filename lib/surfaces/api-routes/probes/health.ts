// GET /api/health - liveness, touching nothing (no database, no key): also the benchmark's
// framework floor, i.e. what Next.js itself costs per request on this machine.
import { routeMethods } from "@/lib/surfaces/http/api-route";

// Other methods answer 400/40017 in the error envelope, with Allow.
export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: async () => Response.json({ status: "ok" }, { headers: { "cache-control": "no-store" } }),
});
