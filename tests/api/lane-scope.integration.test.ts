import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { tableModules } from "../helpers/route-files";

// The API lane calls route handlers outside Next's request scope, so what they import must not
// need it: next/headers (headers(), cookies()), next/navigation (redirect()), next/cache,
// next/server (after(), connection()) and next-intl's server helpers throw or misbehave there.
// This walks the imports of every handler module the lane serves, through our own modules, and fails
// on the first such import, naming the chain that reaches it.
const root = path.resolve(import.meta.dirname, "../..");
const NEEDS_NEXT_SCOPE = ["next/headers", "next/navigation", "next/cache", "next/server", "next-intl/server"];

function resolveSource(from: string, specifier: string): string | undefined {
  const base = specifier.startsWith("@/") ? path.join(root, specifier.slice(2)) : specifier.startsWith(".") ? path.resolve(path.dirname(from), specifier) : undefined;
  if (!base) return undefined;
  return [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts")].find((candidate) => fs.existsSync(candidate) && fs.statSync(candidate).isFile());
}

/** The first import chain from `file` to a module that needs Next's request scope, or null. */
function chainToNextScope(file: string, seen = new Set<string>()): string[] | null {
  if (seen.has(file)) return null;
  seen.add(file);
  const source = fs.readFileSync(file, "utf8");
  for (const [, specifier] of source.matchAll(/(?:from|import)\s*\(?\s*["']([^"']+)["']/g)) {
    if (NEEDS_NEXT_SCOPE.includes(specifier)) return [path.relative(root, file), specifier];
    const next = resolveSource(file, specifier);
    const chain = next && chainToNextScope(next, seen);
    if (chain) return [path.relative(root, file), ...chain];
  }
  return null;
}

// The modules the table imports that declare an operation marked `lane`.
const laneRouteFiles = [...new Set(tableModules().values())].filter((file) => /^\s+lane: true,$/m.test(fs.readFileSync(path.join(root, file), "utf8")));

describe("the handlers the API lane serves", () => {
  it("are found", () => {
    expect(laneRouteFiles.length).toBeGreaterThan(18);
    expect(laneRouteFiles.every((file) => fs.existsSync(path.join(root, file)))).toBe(true);
  });

  it.each(laneRouteFiles)("%s needs nothing of Next's request scope", (file) => {
    expect(chainToNextScope(path.join(root, file))).toBeNull();
  });

  it("would be caught importing a module that does", () => {
    expect(chainToNextScope(path.join(root, "lib/surfaces/dashboard/require-member.ts"))).toEqual(["lib/surfaces/dashboard/require-member.ts", "next/headers"]);
  });
});
