import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

// The parts of lib/ and what each may import (docs/layout.md, "Arrows point down").
//
// Every folder of lib/ belongs to one layer. A layer imports itself and the layers below it, never
// one above:
//
//   core < integrations < features < surfaces
//
// - core: no business of its own, needed by everyone: pure rules (domain), the error catalog,
//   logs, the database, caches, which addresses a callback may reach, locales, the API's zod
//   schemas, and the request-level primitives: rate limiters (limits) and what a request carries
//   (request: the client's address, the headers proxy.ts sets, the storable-text rule).
// - integrations: clients of the outside world that know nothing of our features: operators
//   (gateways), SMS, mail, Inngest.
// - features: the operations, over the database and the integrations. lib/admin and lib/dashboard
//   are features too: they hold the queries, form rules, staff sessions and audit behind the
//   support view and the dashboard (lib/activation and lib/transfers record audits through
//   lib/admin), while their pages live in app/ and components/.
// - surfaces: what the outside reaches: the HTTP API (http: the route wrapper, idempotency, body
//   reading, headers; api-routes: the route table, its handlers and the lane), the developer site (docs), the
//   OpenAPI document, the webhooks:listen client, and the start-up check of the production
//   settings (config), which asks the features (auth's secret, mail's outbox) for theirs: that is
//   why config sits above them, not in core.
//
// Besides the layers, this test fails naming the import when: a folder of lib/ is in no layer; a
// folder below the surfaces imports lib/http (primitives it needs live in lib/limits and
// lib/request); lib/ imports anything outside lib/ but the message catalogs (messages/); two
// folders of lib/, or two files of lib/, import each other (directly or through others); a file
// of app/ or components/ (pages, layouts, server actions, client views, the page tree's route files)
// imports the Prisma client or lib/db as a value (`import type` is fine): pages call functions of
// lib/, which own the queries. The API's handlers live in lib/api-routes, a surface handing the
// database to the feature it calls; app/ holds only the catch-all route files that reach them.

const LAYERS = ["core", "integrations", "features", "surfaces"] as const;
type Layer = (typeof LAYERS)[number];

const LAYER_OF: Record<string, Layer> = {
  domain: "core",
  errors: "core",
  logging: "core",
  db: "core",
  cache: "core",
  network: "core",
  i18n: "core",
  schemas: "core",
  limits: "core",
  request: "core",

  gateways: "integrations",
  sms: "integrations",
  mail: "integrations",
  inngest: "integrations",

  activation: "features",
  admin: "features",
  analytics: "features",
  auth: "features",
  checkout: "features",
  dashboard: "features",
  deposits: "features",
  "event-log": "features",
  jobs: "features",
  ledger: "features",
  "link-sending": "features",
  links: "features",
  merchants: "features",
  outgoing: "features",
  reconciliation: "features",
  refunds: "features",
  transfers: "features",
  webhooks: "features",

  http: "surfaces",
  "api-routes": "surfaces",
  config: "surfaces",
  docs: "surfaces",
  openapi: "surfaces",
};

/** What lib/ may import outside itself: the next-intl catalogs. */
const OUTSIDE_LIB_ALLOWED = new Set(["messages"]);

const root = path.resolve(import.meta.dirname, "..");

/**
 * One import as written in a file. `target`: for the project's own modules, the path it names
 * relative to the root, without extension (lib/db/client); for packages, the package specifier.
 * `resolved`: the project file it names, when one exists.
 */
type Import = { file: string; specifier: string; internal: boolean; target: string; resolved?: string; typeOnly: boolean };

function sourceFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [full] : [];
  });
}

const toPosix = (p: string) => p.split(path.sep).join("/");

function resolveFile(target: string): string | undefined {
  for (const candidate of [target, `${target}.ts`, `${target}.tsx`, `${target}/index.ts`, `${target}/index.tsx`]) {
    const full = path.join(root, candidate);
    if (fs.existsSync(full) && fs.statSync(full).isFile()) return candidate;
  }
  return undefined;
}

/** The module specifiers of a file, read by TypeScript's parser (comments and strings are not imports). */
function importsOf(absolute: string, text = fs.readFileSync(absolute, "utf8")): Import[] {
  const file = toPosix(path.relative(root, absolute));
  const source = ts.createSourceFile(absolute, text, ts.ScriptTarget.Latest, false, absolute.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: { specifier: string; typeOnly: boolean }[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const bindings = clause?.namedBindings;
      const allNamedTypes = !!bindings && ts.isNamedImports(bindings) && bindings.elements.length > 0 && bindings.elements.every((element) => element.isTypeOnly);
      found.push({ specifier: node.moduleSpecifier.text, typeOnly: !!clause && (clause.isTypeOnly || (!clause.name && allNamedTypes)) });
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.exportClause;
      const allNamedTypes = !!clause && ts.isNamedExports(clause) && clause.elements.length > 0 && clause.elements.every((element) => element.isTypeOnly);
      found.push({ specifier: node.moduleSpecifier.text, typeOnly: node.isTypeOnly || allNamedTypes });
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference) && ts.isStringLiteral(node.moduleReference.expression)) {
      found.push({ specifier: node.moduleReference.expression.text, typeOnly: node.isTypeOnly });
    } else if (ts.isCallExpression(node) && node.arguments.length > 0 && ts.isStringLiteralLike(node.arguments[0])) {
      const callee = node.expression;
      if (callee.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(callee) && callee.text === "require")) {
        found.push({ specifier: node.arguments[0].text, typeOnly: false });
      }
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      found.push({ specifier: node.argument.literal.text, typeOnly: true });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found.map(({ specifier, typeOnly }) => {
    const local = specifier.startsWith("@/") ? specifier.slice(2) : specifier.startsWith(".") ? path.relative(root, path.resolve(path.dirname(absolute), specifier)) : undefined;
    if (local === undefined) return { file, specifier, internal: false, target: specifier, typeOnly };
    const target = toPosix(local).replace(/\.tsx?$/, "");
    return { file, specifier, internal: true, target, resolved: resolveFile(target), typeOnly };
  });
}

/** lib/<folder>/... -> folder; a file directly in lib/ is its own folder; outside lib/: undefined. */
function libFolder(projectPath: string): string | undefined {
  const parts = projectPath.split("/");
  return parts[0] === "lib" && parts.length > 1 ? parts[1].replace(/\.tsx?$/, "") : undefined;
}

const describeImport = (imp: Import) => `${imp.file} imports ${imp.specifier}`;
const layerIndex = (folder: string) => LAYERS.indexOf(LAYER_OF[folder]);

// The rules: each takes what was found and returns the offenders (empty: the rule holds).

/** Folders of lib/ that belong to no layer. */
function foldersWithoutLayer(folders: string[], layerOf: Record<string, Layer> = LAYER_OF): string[] {
  return folders.filter((folder) => !(folder in layerOf)).map((folder) => `lib/${folder} is in no layer: add it to LAYER_OF`);
}

/** Imports from a folder of lib/ into a folder of a higher layer. */
function upwardImports(imports: Import[]): string[] {
  return imports.flatMap((imp) => {
    const from = libFolder(imp.file);
    const to = imp.internal ? libFolder(imp.target) : undefined;
    if (!from || !to || from === to || !(from in LAYER_OF) || !(to in LAYER_OF)) return [];
    return layerIndex(to) > layerIndex(from) ? [`${describeImport(imp)} (${LAYER_OF[from]} ${from} -> ${LAYER_OF[to]} ${to})`] : [];
  });
}

/** Imports of lib/http by a folder below the surfaces: features get their primitives from lib/limits and lib/request. */
function httpImportsFromBelow(imports: Import[]): string[] {
  return imports
    .filter((imp) => {
      const from = libFolder(imp.file);
      return !!from && from !== "http" && imp.internal && libFolder(imp.target) === "http" && LAYER_OF[from] !== "surfaces";
    })
    .map((imp) => `${describeImport(imp)} (${LAYER_OF[libFolder(imp.file)!] ?? "no layer"} ${libFolder(imp.file)} -> lib/http)`);
}

/** Imports from lib/ of the project's own code outside lib/ (app/, components/, tests/, scripts/...). */
function importsOutsideLib(imports: Import[]): string[] {
  return imports.filter((imp) => imp.internal && !imp.target.startsWith("lib/") && !OUTSIDE_LIB_ALLOWED.has(imp.target.split("/")[0])).map(describeImport);
}

/** Value imports of the Prisma client or lib/db by files of app/ or components/. */
function pagesImportingTheDatabase(imports: Import[]): string[] {
  return imports
    .filter((imp) => /^(app|components)\//.test(imp.file) && !imp.typeOnly)
    .filter((imp) => (imp.internal ? imp.target === "lib/db" || imp.target.startsWith("lib/db/") : imp.target === "@prisma/client" || imp.target.startsWith("@prisma/client/")))
    .map(describeImport);
}

/** Cycles in a graph of imports, found by depth-first search, each as the imports that close it. */
function cycles(edges: { from: string; to: string; imp: Import }[]): string[][] {
  const next = new Map<string, Map<string, Import>>();
  for (const { from, to, imp } of edges) {
    if (from === to) continue;
    if (!next.has(from)) next.set(from, new Map());
    if (!next.get(from)!.has(to)) next.get(from)!.set(to, imp);
  }
  const found: string[][] = [];
  const state = new Map<string, "open" | "done">();
  const stack: { from: string; imp: Import }[] = [];
  const visit = (node: string) => {
    state.set(node, "open");
    for (const [to, imp] of [...(next.get(node) ?? [])].sort(([a], [b]) => a.localeCompare(b))) {
      stack.push({ from: node, imp });
      if (state.get(to) === "open") {
        const start = stack.findIndex((step) => step.from === to);
        found.push(stack.slice(start).map((step) => describeImport(step.imp)));
      } else if (!state.has(to)) visit(to);
      stack.pop();
    }
    state.set(node, "done");
  };
  for (const node of [...next.keys()].sort()) if (!state.has(node)) visit(node);
  return found;
}

/** Cycles between folders of lib/. */
function folderCycles(imports: Import[]): string[][] {
  return cycles(
    imports.flatMap((imp) => {
      const from = libFolder(imp.file);
      const to = imp.internal ? libFolder(imp.target) : undefined;
      return from && to ? [{ from, to, imp }] : [];
    }),
  );
}

/** Cycles between files of lib/ (adapter.ts <-> live-adapters.ts in lib/gateways was one). */
function fileCycles(imports: Import[]): string[][] {
  return cycles(imports.flatMap((imp) => (imp.file.startsWith("lib/") && imp.resolved?.startsWith("lib/") ? [{ from: imp.file, to: imp.resolved, imp }] : [])));
}

describe("lib/ layers", () => {
  const libImports = sourceFiles(path.join(root, "lib")).flatMap((file) => importsOf(file));
  const pageImports = ["app", "components"].flatMap((dir) => sourceFiles(path.join(root, dir))).flatMap((file) => importsOf(file));
  const folders = fs
    .readdirSync(path.join(root, "lib"), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

  it("finds the imports it checks", () => {
    expect(libImports.some((imp) => imp.file.startsWith("lib/http/") && imp.target.startsWith("lib/errors/"))).toBe(true);
    expect(libImports.some((imp) => imp.file === "lib/gateways/live-adapters.ts" && imp.resolved === "lib/gateways/adapter.ts" && imp.typeOnly)).toBe(true);
    expect(pageImports.some((imp) => imp.file.startsWith("app/") && imp.target.startsWith("lib/"))).toBe(true);
    expect(folders).toContain("http");
  });

  it("puts every folder of lib/ in a layer", () => {
    expect(foldersWithoutLayer(folders)).toEqual([]);
  });

  it("imports only the same layer or those below (core < integrations < features < surfaces)", () => {
    expect(upwardImports(libImports)).toEqual([]);
  });

  it("has no folder below the surfaces importing lib/http", () => {
    expect(httpImportsFromBelow(libImports)).toEqual([]);
  });

  it("imports nothing outside lib/ but the message catalogs (never app/)", () => {
    expect(importsOutsideLib(libImports)).toEqual([]);
  });

  it("has no cycle between its folders", () => {
    expect(folderCycles(libImports)).toEqual([]);
  });

  it("has no cycle between its files (lib/gateways: the adapter types apart from the factories)", () => {
    expect(fileCycles(libImports)).toEqual([]);
  });

  it("keeps the Prisma client and lib/db out of app/ and components/ (import type is fine)", () => {
    expect(pagesImportingTheDatabase(pageImports)).toEqual([]);
  });
});

describe("the layering rules can fail", () => {
  const imp = (file: string, specifier: string, typeOnly = false): Import => {
    const internal = specifier.startsWith("@/");
    const target = internal ? specifier.slice(2) : specifier;
    return { file, specifier, internal, target, resolved: internal ? `${target}.ts` : undefined, typeOnly };
  };

  it("reports a folder in no layer", () => {
    expect(foldersWithoutLayer(["domain", "shiny-new"])).toEqual(["lib/shiny-new is in no layer: add it to LAYER_OF"]);
  });

  it("reports an import of a higher layer, and only that", () => {
    const planted = [imp("lib/domain/money.ts", "@/lib/links/create-link"), imp("lib/links/create-link.ts", "@/lib/domain/money"), imp("lib/gateways/wave/wave-client.ts", "@/lib/deposits/x", true)];
    expect(upwardImports(planted)).toEqual([
      "lib/domain/money.ts imports @/lib/links/create-link (core domain -> features links)",
      "lib/gateways/wave/wave-client.ts imports @/lib/deposits/x (integrations gateways -> features deposits)",
    ]);
  });

  it("reports a feature importing lib/http, not lib/http importing a feature", () => {
    const planted = [imp("lib/checkout/checkout-limits.ts", "@/lib/http/rate-limit"), imp("lib/http/api-route.ts", "@/lib/merchants/authenticate-api-key")];
    expect(httpImportsFromBelow(planted)).toEqual(["lib/checkout/checkout-limits.ts imports @/lib/http/rate-limit (features checkout -> lib/http)"]);
  });

  it("reports lib/ importing app/ or tests/, not the message catalogs", () => {
    const planted = [imp("lib/links/x.ts", "@/app/api/v4/route"), imp("lib/links/y.ts", "@/tests/helpers/fixtures"), imp("lib/mail/z.ts", "@/messages/fr.json")];
    expect(importsOutsideLib(planted)).toEqual(["lib/links/x.ts imports @/app/api/v4/route", "lib/links/y.ts imports @/tests/helpers/fixtures"]);
  });

  it("reports a page importing the Prisma client or lib/db as a value, not as a type", () => {
    const planted = [
      imp("app/admin/page.tsx", "@/lib/db/client"),
      imp("components/admin/view.tsx", "@prisma/client"),
      imp("app/dashboard/page.tsx", "@prisma/client", true),
      imp("app/dashboard/layout.tsx", "@/lib/db/client", true),
      imp("app/dashboard/actions.ts", "@/lib/links/create-link"),
      imp("app/admin/api/links/route.ts", "@/lib/db/client"),
    ];
    expect(pagesImportingTheDatabase(planted)).toEqual([
      "app/admin/page.tsx imports @/lib/db/client",
      "components/admin/view.tsx imports @prisma/client",
      "app/admin/api/links/route.ts imports @/lib/db/client",
    ]);
  });

  it("reads `import type` and type-only named imports as types, everything else as values", () => {
    const sample = [
      'import type { DbClient } from "@/lib/db/client";',
      'import { type Prisma } from "@prisma/client";',
      'import { db, type DbClient as C } from "@/lib/db/client";',
      'import "@/lib/db/side-effect";',
      'export { x } from "@/lib/db/x";',
      'export type { Y } from "@/lib/db/y";',
      'const later = () => import("@/lib/db/lazy");',
      '// import { no } from "@/lib/db/comment";',
    ].join("\n");
    expect(importsOf(path.join(root, "app", "sample.ts"), sample).map((found) => [found.specifier, found.typeOnly])).toEqual([
      ["@/lib/db/client", true],
      ["@prisma/client", true],
      ["@/lib/db/client", false],
      ["@/lib/db/side-effect", false],
      ["@/lib/db/x", false],
      ["@/lib/db/y", true],
      ["@/lib/db/lazy", false],
    ]);
  });

  it("reports a cycle between folders", () => {
    const planted = [imp("lib/a/x.ts", "@/lib/b/y"), imp("lib/b/y.ts", "@/lib/c/z"), imp("lib/c/z.ts", "@/lib/a/x")];
    expect(folderCycles(planted)).toEqual([["lib/a/x.ts imports @/lib/b/y", "lib/b/y.ts imports @/lib/c/z", "lib/c/z.ts imports @/lib/a/x"]]);
  });

  it("reports a cycle between two files of one folder", () => {
    const planted = [imp("lib/gateways/adapter.ts", "@/lib/gateways/live-adapters"), imp("lib/gateways/live-adapters.ts", "@/lib/gateways/adapter", true)];
    expect(folderCycles(planted)).toEqual([]);
    expect(fileCycles(planted)).toEqual([["lib/gateways/adapter.ts imports @/lib/gateways/live-adapters", "lib/gateways/live-adapters.ts imports @/lib/gateways/adapter"]]);
  });
});
