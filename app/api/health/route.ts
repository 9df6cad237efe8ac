// GET /api/health - liveness, touching nothing (no database, no key): also the benchmark's
// framework floor, i.e. what Next.js itself costs per request on this machine.
export function GET() {
  return Response.json({ status: "ok" }, { headers: { "cache-control": "no-store" } });
}
