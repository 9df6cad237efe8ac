import fs from "node:fs";
import path from "node:path";

// The app's route handlers, read from the app tree as Next.js reads it, so the tests' router and
// the route checks cannot drift from what is served. The sandbox twins under app/test are left
// out: the tests call the live route with the full "/test/..." path, as the twins do.

export type AppRoute = {
  /** The file, relative to app/: "api/v4/payments/link/[reference]/route.ts". */
  file: string;
  /** The URL path with OpenAPI-style parameters: "/api/v4/payments/link/{reference}". */
  path: string;
  pattern: RegExp;
  catchAll: boolean;
};

const appDir = path.resolve(import.meta.dirname, "../../app");

const segmentPattern = (segment: string) => {
  const catchAll = /^\[\.\.\.(\w+)\]$/.exec(segment);
  if (catchAll) return `(?<${catchAll[1]}>.+)`;
  const param = /^\[(\w+)\]$/.exec(segment);
  if (param) return `(?<${param[1]}>[^/]+)`;
  return segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
};

// Next.js matching order: at each segment a static name beats a [param], which beats a [...catchAll].
const segmentRank = (segment: string) => (segment.startsWith("[...") ? 2 : segment.startsWith("[") ? 1 : 0);
function byPrecedence(a: string[], b: string[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const diff = segmentRank(a[i]) - segmentRank(b[i]);
    if (diff !== 0) return diff;
  }
  return b.length - a.length;
}

/** Every route file of the app tree, sandbox twins included, relative to app/: "api/v4/payments/link/route.ts". */
export function appRouteFiles(): string[] {
  return fs
    .readdirSync(appDir, { recursive: true, encoding: "utf8" })
    .map((file) => file.split(path.sep).join("/"))
    .filter((file) => file.endsWith("/route.ts"));
}

/** What Next's app-paths manifest says of these files: "/api/v4/payments/link/route" -> "app/api/v4/payments/link/route.js". */
export function appPathsManifest(): Record<string, string> {
  return Object.fromEntries(appRouteFiles().map((file) => [`/${file.slice(0, -".ts".length)}`, `app/${file.slice(0, -".ts".length)}.js`]));
}

export function appRoutes(): AppRoute[] {
  return appRouteFiles()
    .filter((file) => !file.startsWith("test/"))
    .map((file) => file.split("/").slice(0, -1))
    .sort(byPrecedence)
    .map((segments) => ({
      file: `${segments.join("/")}/route.ts`,
      path: `/${segments.map((s) => s.replace(/^\[(?:\.\.\.)?(\w+)\]$/, "{$1}")).join("/")}`,
      pattern: new RegExp(`^/${segments.map(segmentPattern).join("/")}$`),
      catchAll: segments.some((s) => s.startsWith("[...")),
    }));
}

export const routeModulePath = (route: AppRoute) => path.join(appDir, route.file);
