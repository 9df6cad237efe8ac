import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Every setting the server reads is a row of docs/configuration.md's one table (the list an
// operator deploying the service reads). Settings are found where the code reads them: env.NAME,
// env["NAME"], and the helpers that take a setting's name.

const SOURCES = ["lib", "app", "server", "instrumentation.ts", "instrumentation-node.ts", "proxy.ts", "next.config.ts", "scripts/start-server.cjs"];
const READS = [
  /\benv\.([A-Z][A-Z0-9_]+)/g,
  /\benv\[["']([A-Z][A-Z0-9_]+)["']\]/g,
  /\b(?:limitFromEnv|perMinute|perHour|perDay|ttlCache|envValue|baseUrlValue)\((?:env,\s*)?["']([A-Z][A-Z0-9_]+)["']/g,
];
/**
 * Read by the code but not settings of ours: Node's and Next's own, the build's switches (CI: no
 * Turbopack build cache in next.config.ts) and the benchmark's routes.
 */
const NOT_SETTINGS = new Set(["NODE_ENV", "NEXT_RUNTIME", "NEXT_PHASE", "NEXT_OUTPUT", "CI", "BENCH_ROUTES"]);

function sourceFiles(entry: string): string[] {
  if (!fs.existsSync(entry)) return [];
  if (fs.statSync(entry).isFile()) return [entry];
  return fs
    .readdirSync(entry, { recursive: true, encoding: "utf8" })
    .map((file) => path.join(entry, file))
    .filter((file) => /\.(ts|tsx|cjs|mjs)$/.test(file) && !/\.test\.tsx?$/.test(file));
}

function settingsRead(): Set<string> {
  const names = new Set<string>();
  for (const file of SOURCES.flatMap(sourceFiles)) {
    const text = fs.readFileSync(file, "utf8");
    for (const pattern of READS) for (const match of text.matchAll(pattern)) if (!NOT_SETTINGS.has(match[1])) names.add(match[1]);
  }
  return names;
}

describe("docs/configuration.md", () => {
  it("has a row for every setting the server reads", () => {
    // The one table: from its header to the first line that is not a row.
    const lines = fs.readFileSync("docs/configuration.md", "utf8").split("\n");
    const header = lines.indexOf("| variable | default | meaning |");
    expect(header).toBeGreaterThan(0);
    const end = lines.findIndex((line, i) => i > header && !line.startsWith("|"));
    const rows = lines.slice(header + 2, end).map((line) => line.split("|")[1]);
    const documented = new Set(rows.flatMap((cell) => [...cell.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1])));
    const read = settingsRead();
    expect(read.size).toBeGreaterThan(40);
    expect([...read].filter((name) => !documented.has(name)).sort()).toEqual([]);
  });
});
