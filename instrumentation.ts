// Next calls register() once when a server process starts. The background work (expiries,
// webhook deliveries) starts here: in the Node.js runtime only, and never while `next build`
// loads the app to prerender.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  if (process.env.NEXT_PHASE === "phase-production-build") return;
  const { startBackgroundWork } = await import("./lib/jobs/start-background-work");
  startBackgroundWork();
}
