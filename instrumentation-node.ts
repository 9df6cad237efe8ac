// What a Node.js server process does once when it starts (instrumentation.ts calls it): the
// background work (expiries, webhook deliveries), never while `next build` loads the app to prerender.
export async function registerNode() {
  if (process.env.NEXT_PHASE === "phase-production-build") return;
  // A production server refuses to start on settings it cannot run safely with (no public address
  // for mail links, the development outbox asked for, no session key), saying which and why,
  // before it serves or works anything (lib/surfaces/config/production-settings.ts).
  if (process.env.NODE_ENV === "production") {
    const { refuseBadProductionSettings } = await import("./lib/surfaces/config/production-settings");
    refuseBadProductionSettings();
  }
  // Traces (OpenTelemetry) only when an OTLP endpoint is set: without it the SDK is never loaded
  // (lib/integrations/opentelemetry/start-tracing.ts). Before the background work, whose jobs make spans too.
  const { tracingWanted } = await import("./lib/integrations/opentelemetry/tracing-settings");
  if (tracingWanted()) {
    const { startTracing } = await import("./lib/integrations/opentelemetry/start-tracing");
    await startTracing();
  }
  // The metrics exist from the start, so that a worker of the cluster answers the launcher's
  // requests for them (lib/core/metrics/cluster-scrape.ts) before it has counted anything.
  const { appMetrics } = await import("./lib/core/metrics/registry");
  appMetrics();
  const { startBackgroundWork } = await import("./lib/features/jobs/start-background-work");
  startBackgroundWork();
  // On the embedded database, which only this process may open, the command-line scripts
  // (staff:create...) send their commands here (lib/surfaces/cli/admin-socket.ts).
  const { startAdminSocket } = await import("./lib/surfaces/cli/admin-socket");
  await startAdminSocket();
  // A worker of `npm start`'s launcher (scripts/start-server.cjs) reports its memory when asked,
  // so the launcher can log every worker's RSS and heap (MEMORY_LOG_SECONDS; npm run soak).
  if (process.send) {
    process.on("message", (message: unknown) => {
      if ((message as { type?: string } | null)?.type !== "pcs:memory?") return;
      const { rss, heapUsed, heapTotal, external } = process.memoryUsage();
      process.send?.({ type: "pcs:memory", rss, heapUsed, heapTotal, external });
    });
  }
}
