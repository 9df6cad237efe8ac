import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { appRouteFiles } from "./helpers/app-routes";

// The API trees are outside proxy.ts, so "/test/api/..." is served by its own route files under
// app/test, each re-exporting the live route's handlers. A route added without its twin would
// answer the sandbox's 404; a twin left behind would serve a route that no longer exists.
describe("the sandbox twins of the API routes", () => {
  const app = path.resolve(import.meta.dirname, "../app");
  // Inngest calls its endpoint on the live path only; the benchmark's floors need no sandbox.
  // Operators' callbacks are live-only: the sandbox simulates operators and has nothing to call back.
  // Dashboard accounts (better-auth) are one per person, not per environment: the dashboard's
  // test/live switch is a choice inside a signed-in session.
  const withoutTwin = new Set([
    "api/auth/[...all]/route.ts",
    "api/inngest/route.ts",
    "api/bench/echo/route.ts",
    "api/bench/echo/[id]/route.ts",
    "api/bench/lane/echo/route.ts",
    "api/bench/lane/echo/[id]/route.ts",
    "api/operators/[operator]/callback/route.ts",
    // One SMS account serves both environments: its delivery reports come to one live URL.
    "api/sms/[provider]/delivery-reports/route.ts",
  ]);
  const routes = (dir: string) => appRouteFiles().filter((file) => file.startsWith(`${dir}/`));
  const live = [...routes("api"), ...routes("public")].filter((route) => !withoutTwin.has(route));

  it("every API route has a twin under app/test that re-exports it", () => {
    expect(live.length).toBeGreaterThan(15);
    for (const route of live) {
      const twin = path.join(app, "test", route);
      expect(fs.existsSync(twin), `app/test/${route} is missing`).toBe(true);
      expect(fs.readFileSync(twin, "utf8")).toContain(`export * from "@/app/${route.replace(/\.ts$/, "")}";`);
    }
  });

  it("app/test holds nothing but twins", () => {
    const twins = routes("test").map((route) => route.replace(/^test\//, ""));
    expect(twins.sort()).toEqual([...live].sort());
    const files = fs.readdirSync(path.join(app, "test"), { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
    expect(files.every((entry) => entry.name === "route.ts")).toBe(true);
  });
});
