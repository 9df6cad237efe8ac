import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";
import { TREES_OUTSIDE_PROXY } from "./lib/core/domain/api-trees";
import { API_TREE_HEADERS, HSTS } from "./lib/surfaces/http/security-headers";

const withNextIntl = createNextIntlPlugin("./lib/core/i18n/request.ts");

// The merchant API trees, which proxy.ts does not see: their security headers are set here (and
// by the API lane, lib/surfaces/api-routes/api-lane.ts, for the requests it answers).
const API_TREES = TREES_OUTSIDE_PROXY.flatMap((tree) => [`${tree}/:path*`, `/test${tree}/:path*`]);
const apiHeaders = Object.entries(API_TREE_HEADERS).map(([key, value]) => ({ key, value }));

const nextConfig: NextConfig = {
  poweredByHeader: false,
  // Turbopack's build cache speeds up the next build on a developer's machine; CI builds once on a
  // clean checkout, where writing it took 40 s of each run.
  experimental: { turbopackFileSystemCacheForBuild: !process.env.CI },
  // The Docker image runs .next/standalone (server.js and only the traced files, Dockerfile);
  // `next start` (npm start, the tests) keeps the regular build.
  output: process.env.NEXT_OUTPUT === "standalone" ? "standalone" : undefined,
  // Read at run time from the repository's docs/ (lib/surfaces/docs/guides.ts), and the migrations'
  // folder names, which the readiness probe compares with the database's (lib/core/db/readiness.ts):
  // tracing sees neither.
  outputFileTracingIncludes: { "/docs/guides/**": ["./docs/**/*.md"], "/api/[...path]": ["./prisma/migrations/**/*"] },
  // PGlite ships WASM and data files it loads from its own package directory at run time.
  // prom-client: one copy per process, whatever bundles use it, so that its cluster listener
  // answers the launcher from the registry the metrics are in (lib/core/metrics/registry.ts).
  // OpenTelemetry: loaded from node_modules at run time rather than bundled, one copy per process
  // (its API keeps the tracer provider on globalThis for every bundle), and the SDK only when
  // tracing is on (lib/integrations/opentelemetry/start-tracing.ts).
  serverExternalPackages: [
    "@electric-sql/pglite",
    "pglite-prisma-adapter",
    "@prisma/client",
    "pg",
    "prom-client",
    "@opentelemetry/api",
    "@opentelemetry/sdk-trace-node",
    "@opentelemetry/resources",
    "@opentelemetry/exporter-trace-otlp-http",
    "@opentelemetry/exporter-trace-otlp-proto",
    "@prisma/instrumentation",
  ],
  async headers() {
    return API_TREES.flatMap((source) => [
      { source, headers: apiHeaders },
      // HSTS as proxy.ts gives it (wantsHsts): on HTTPS answers of a production build, which
      // behind the TLS-terminating proxy means X-Forwarded-Proto.
      ...(process.env.NODE_ENV === "production"
        ? [{ source, has: [{ type: "header" as const, key: "x-forwarded-proto", value: "https(,.*)?" }], headers: [{ key: "strict-transport-security", value: HSTS }] }]
        : []),
    ]);
  },
};

export default withNextIntl(nextConfig);
