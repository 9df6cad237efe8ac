import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// docs/layout.md: arrows point down (routes -> http/features -> domain/db). A folder of lib/ that
// imports one which imports it back (directly or through others) has no "down": this test fails
// on the first such cycle, naming the imports that close it, and on any import of app/.

const root = path.resolve(import.meta.dirname, "..");
const libDir = path.join(root, "lib");

type Import = { from: string; to: string; file: string; specifier: string };

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** lib/<folder>/... -> folder; a file directly in lib/ is its own folder. */
const folderOf = (absolute: string) => path.relative(libDir, absolute).split(path.sep)[0].replace(/\.tsx?$/, "");

function resolveSpecifier(file: string, specifier: string): string | undefined {
  if (specifier.startsWith("@/")) return path.join(root, specifier.slice(2));
  if (specifier.startsWith(".")) return path.resolve(path.dirname(file), specifier);
  return undefined;
}

function libImports(): Import[] {
  return sourceFiles(libDir).flatMap((file) => {
    const source = fs.readFileSync(file, "utf8");
    const specifiers = [...source.matchAll(/(?:from|import)\s*\(?\s*["']([^"']+)["']/g)].map((m) => m[1]);
    return specifiers.flatMap((specifier) => {
      const target = resolveSpecifier(file, specifier);
      if (!target) return [];
      const relative = path.relative(root, target);
      const to = relative.startsWith(`lib${path.sep}`) ? folderOf(target) : relative.split(path.sep)[0];
      return [{ from: folderOf(file), to, file: path.relative(root, file), specifier }];
    });
  });
}

/** Folder cycles found by depth-first search, each as the imports that close it. */
function folderCycles(imports: Import[]): string[][] {
  const edges = new Map<string, Map<string, Import>>();
  for (const imp of imports) {
    if (imp.from === imp.to) continue;
    if (!edges.has(imp.from)) edges.set(imp.from, new Map());
    edges.get(imp.from)!.set(imp.to, imp);
  }
  const cycles: string[][] = [];
  const state = new Map<string, "open" | "done">();
  const stack: Import[] = [];
  const visit = (folder: string) => {
    state.set(folder, "open");
    for (const [next, imp] of edges.get(folder) ?? []) {
      stack.push(imp);
      if (state.get(next) === "open") {
        const start = stack.findIndex((step) => step.from === next);
        cycles.push(stack.slice(start).map((step) => `${step.file} imports ${step.specifier}`));
      } else if (!state.has(next)) visit(next);
      stack.pop();
    }
    state.set(folder, "done");
  };
  for (const folder of [...edges.keys()].sort()) if (!state.has(folder)) visit(folder);
  return cycles;
}

describe("lib/ layers", () => {
  const imports = libImports();

  it("finds the imports it checks", () => {
    expect(imports.some((imp) => imp.from === "http" && imp.to === "errors")).toBe(true);
  });

  it("has no cycle between its folders", () => {
    expect(folderCycles(imports)).toEqual([]);
  });

  it("never imports from app/", () => {
    expect(imports.filter((imp) => imp.to === "app").map((imp) => imp.file)).toEqual([]);
  });

  it("would report a cycle", () => {
    const planted = [
      { from: "a", to: "b", file: "lib/a/x.ts", specifier: "@/lib/b/y" },
      { from: "b", to: "c", file: "lib/b/y.ts", specifier: "@/lib/c/z" },
      { from: "c", to: "a", file: "lib/c/z.ts", specifier: "@/lib/a/x" },
    ];
    expect(folderCycles(planted)).toEqual([["lib/a/x.ts imports @/lib/b/y", "lib/b/y.ts imports @/lib/c/z", "lib/c/z.ts imports @/lib/a/x"]]);
  });
});
