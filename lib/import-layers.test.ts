import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

// The parts of lib/ and what each may import (docs/architecture.md).
//
// lib/ holds four layers, one folder each, and every folder of code sits in one of them
// (lib/<layer>/<folder>). A layer imports itself and the layers below it, never one above:
//
//   core < integrations < features < surfaces
//
// - core: no business of its own, needed by everyone: pure rules (domain), the error catalog,
//   logs, the database, caches, which addresses a callback may reach, locales, the API's zod
//   schemas, and the request-level primitives: rate limiters (limits) and what a request carries
//   (request: the client's address, the headers proxy.ts sets, the storable-text rule).
// - integrations: clients of the outside world that know nothing of our features: operators
//   (gateways), SMS, mail, Inngest.
// - features: the operations, over the database and the integrations, one folder per noun of
//   docs/architecture.md's glossary (links, deposits, refunds, transfers, staff, team...), each
//   owning its rules and queries for every surface.
// - surfaces: what the outside reaches: the HTTP API (http: the route wrapper, idempotency, body
//   reading, headers; api-routes: the route table, its handlers and the lane), the dashboard's and
//   the support view's glue (dashboard, support: page queries, the signed-in member, downloads), the
//   developer site (docs), the OpenAPI document, and the start-up check of the production settings
//   (config), which asks the features (auth's secret, mail's outbox) for theirs: that is why config
//   sits above them, not in core.
//
// Besides the layers, this test fails naming the import when: lib/ holds code outside the four
// layers' folders; a folder below the surfaces imports lib/surfaces/http (primitives it needs live
// in lib/core/limits and lib/core/request); a folder below the surfaces imports the HTTP error type
// (lib/core/errors/api-error: features throw domain outcomes, lib/core/errors/domain-error.ts, which
// each surface maps to the contract's codes); lib/ imports anything outside lib/ but the message
// catalogs (messages/); two folders of lib/, or two files of lib/, import each other (directly or
// through others); a file of app/ or components/ (pages, layouts, server actions, client views,
// route files) imports the Prisma client or lib/core/db as a value (`import type` is fine): pages
// call functions of lib/, which own the queries; a file of lib/features takes or makes a Request
// or FormData (requestUses, below).

const LAYERS = ["core", "integrations", "features", "surfaces"] as const;
type Layer = (typeof LAYERS)[number];

/** lib/<layer>/<folder>, keyed "<layer>/<folder>": a name can be in two layers (say features/x and surfaces/x). */
const LAYER_OF: Record<string, Layer> = Object.fromEntries(
  LAYERS.flatMap((layer) =>
    fs
      .readdirSync(path.join(import.meta.dirname, layer), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => [`${layer}/${entry.name}`, layer] as const),
  ),
);

/** What lib/ may import outside itself: the next-intl catalogs. */
const OUTSIDE_LIB_ALLOWED = new Set(["messages"]);

const root = path.resolve(import.meta.dirname, "..");

/**
 * One import as written in a file. `target`: for the project's own modules, the path it names
 * relative to the root, without extension (lib/core/db/client); for packages, the package specifier.
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

/** lib/<layer>/<folder>/... -> "<layer>/<folder>"; a file directly in a layer is its own folder; elsewhere: undefined. */
function libFolder(projectPath: string): string | undefined {
  const parts = projectPath.split("/");
  return parts[0] === "lib" && (LAYERS as readonly string[]).includes(parts[1]) && parts.length > 2 ? `${parts[1]}/${parts[2].replace(/\.tsx?$/, "")}` : undefined;
}

/** "features/links" -> "links", as the reports name a folder beside its layer. */
const nameOf = (folder: string | undefined) => folder?.split("/")[1];

const describeImport = (imp: Import) => `${imp.file} imports ${imp.specifier}`;
const layerIndex = (folder: string) => LAYERS.indexOf(LAYER_OF[folder]);

// The rules: each takes what was found and returns the offenders (empty: the rule holds).

/** What lib/ holds besides the four layers' folders and the tests of the whole (*.test.ts). */
function entriesOutsideLayers(entries: string[]): string[] {
  return entries
    .filter((entry) => !(LAYERS as readonly string[]).includes(entry) && !entry.endsWith(".test.ts"))
    .map((entry) => `lib/${entry} is in no layer: move it into lib/${LAYERS.join(", lib/")}`);
}

/** Imports from a folder of lib/ into a folder of a higher layer. */
function upwardImports(imports: Import[]): string[] {
  return imports.flatMap((imp) => {
    const from = libFolder(imp.file);
    const to = imp.internal ? libFolder(imp.target) : undefined;
    if (!from || !to || from === to || !(from in LAYER_OF) || !(to in LAYER_OF)) return [];
    return layerIndex(to) > layerIndex(from) ? [`${describeImport(imp)} (${LAYER_OF[from]} ${nameOf(from)} -> ${LAYER_OF[to]} ${nameOf(to)})`] : [];
  });
}

/** Imports of lib/surfaces/http by a folder below the surfaces: features get their primitives from lib/core/limits and lib/core/request. */
function httpImportsFromBelow(imports: Import[]): string[] {
  return imports
    .filter((imp) => {
      const from = libFolder(imp.file);
      return !!from && imp.internal && libFolder(imp.target) === "surfaces/http" && LAYER_OF[from] !== "surfaces";
    })
    .map((imp) => `${describeImport(imp)} (${LAYER_OF[libFolder(imp.file)!] ?? "no layer"} ${nameOf(libFolder(imp.file))} -> lib/surfaces/http)`);
}

/**
 * Imports of the HTTP error type (lib/core/errors/api-error: ApiError) by a file below the
 * surfaces, types included: features throw domain outcomes (lib/core/errors/domain-error) and
 * each surface maps them to the contract's codes in one place (docs/architecture.md).
 */
function httpErrorImportsFromBelow(imports: Import[]): string[] {
  return imports
    .filter((imp) => imp.internal && imp.target === HTTP_ERROR_MODULE && layerOfPath(imp.file) !== "surfaces")
    .map((imp) => `${describeImport(imp)} (${layerOfPath(imp.file) ?? "no layer"} ${nameOf(libFolder(imp.file))} -> the HTTP error type)`);
}

const HTTP_ERROR_MODULE = "lib/core/errors/api-error";

/** The layer a file of lib/ sits in, from its path (a folder name can be in two layers). */
const layerOfPath = (file: string) => (file.startsWith("lib/") ? LAYERS.find((layer) => file.split("/")[1] === layer) : undefined);

/** Imports from lib/ of the project's own code outside lib/ (app/, components/, tests/, scripts/...). */
function importsOutsideLib(imports: Import[]): string[] {
  return imports.filter((imp) => imp.internal && !imp.target.startsWith("lib/") && !OUTSIDE_LIB_ALLOWED.has(imp.target.split("/")[0])).map(describeImport);
}

/** Value imports of the Prisma client or lib/core/db by files of app/ or components/. */
function pagesImportingTheDatabase(imports: Import[]): string[] {
  return imports
    .filter((imp) => /^(app|components)\//.test(imp.file) && !imp.typeOnly)
    .filter((imp) => (imp.internal ? imp.target === "lib/core/db" || imp.target.startsWith("lib/core/db/") : imp.target === "@prisma/client" || imp.target.startsWith("@prisma/client/")))
    .map(describeImport);
}

/** Imports of app/ by components/ (types too): pages draw components, never the other way. */
function componentsImportingApp(imports: Import[]): string[] {
  return imports.filter((imp) => imp.file.startsWith("components/") && imp.internal && (imp.target === "app" || imp.target.startsWith("app/"))).map(describeImport);
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

/** Cycles between files of lib/ (adapter.ts <-> live-adapters.ts in lib/integrations/gateways was one). */
function fileCycles(imports: Import[]): string[][] {
  return cycles(imports.flatMap((imp) => (imp.file.startsWith("lib/") && imp.resolved?.startsWith("lib/") ? [{ from: imp.file, to: imp.resolved, imp }] : [])));
}

/**
 * Features take plain typed input, never the request: the surface reads off it what a feature needs
 * (the client's address, a cookie's token, a form's fields) and passes that, so the JSON API and a
 * page's form call one function the same way (issue 51). Reported: a file of lib/features naming
 * the request's types (Request, NextRequest, FormData, FormDataEntryValue) or making one. No folder
 * is let off: better-auth's hooks (lib/features/auth/auth.ts) are handed its Request, and read off
 * it the headers and the address the account mails need; its route's glue, which remakes the
 * Request, is lib/surfaces/http/without-support-session.ts.
 */
const REQUEST_TYPES = new Set(["Request", "NextRequest", "FormData", "FormDataEntryValue"]);

function requestUses(absolute: string, text = fs.readFileSync(absolute, "utf8")): string[] {
  const file = toPosix(path.relative(root, absolute));
  if (!file.startsWith("lib/features/")) return [];
  const source = ts.createSourceFile(absolute, text, ts.ScriptTarget.Latest, false, absolute.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    const named = ts.isTypeReferenceNode(node) ? node.typeName : ts.isNewExpression(node) ? node.expression : undefined;
    if (named && ts.isIdentifier(named) && REQUEST_TYPES.has(named.text)) {
      found.push(`${file}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1} uses ${named.text}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe("lib/ layers", () => {
  const libImports = sourceFiles(path.join(root, "lib")).flatMap((file) => importsOf(file));
  const pageImports = ["app", "components"].flatMap((dir) => sourceFiles(path.join(root, dir))).flatMap((file) => importsOf(file));
  const entries = fs.readdirSync(path.join(root, "lib"));

  it("finds the imports it checks", () => {
    expect(libImports.some((imp) => imp.file.startsWith("lib/surfaces/http/") && imp.target.startsWith("lib/core/errors/"))).toBe(true);
    expect(libImports.some((imp) => imp.file === "lib/integrations/gateways/live-adapters.ts" && imp.resolved === "lib/integrations/gateways/adapter.ts" && imp.typeOnly)).toBe(true);
    expect(pageImports.some((imp) => imp.file.startsWith("app/") && imp.target.startsWith("lib/"))).toBe(true);
    expect(LAYER_OF["surfaces/http"]).toBe("surfaces");
    expect(LAYER_OF["features/links"]).toBe("features");
    expect(Object.keys(LAYER_OF).length).toBeGreaterThan(30);
  });

  it("holds its folders in the four layers' folders (lib/core, lib/integrations, lib/features, lib/surfaces)", () => {
    expect(entriesOutsideLayers(entries)).toEqual([]);
  });

  it("imports only the same layer or those below (core < integrations < features < surfaces)", () => {
    expect(upwardImports(libImports)).toEqual([]);
  });

  it("has no folder below the surfaces importing lib/surfaces/http", () => {
    expect(httpImportsFromBelow(libImports)).toEqual([]);
  });

  it("has no feature (nor anything below the surfaces) importing the HTTP error type", () => {
    expect(httpErrorImportsFromBelow(libImports)).toEqual([]);
  });

  it("imports nothing outside lib/ but the message catalogs (never app/)", () => {
    expect(importsOutsideLib(libImports)).toEqual([]);
  });

  it("has no cycle between its folders", () => {
    expect(folderCycles(libImports)).toEqual([]);
  });

  it("has no cycle between its files (lib/integrations/gateways: the adapter types apart from the factories)", () => {
    expect(fileCycles(libImports)).toEqual([]);
  });

  it("keeps the Prisma client and lib/core/db out of app/ and components/ (import type is fine)", () => {
    expect(pagesImportingTheDatabase(pageImports)).toEqual([]);
  });

  it("has no component importing app/", () => {
    expect(componentsImportingApp(pageImports)).toEqual([]);
  });

  it("has no feature taking the request (Request, FormData): surfaces read it and pass plain values", () => {
    const features = sourceFiles(path.join(root, "lib", "features"));
    expect(features.length).toBeGreaterThan(100);
    expect(features.flatMap((file) => requestUses(file))).toEqual([]);
  });
});

describe("the layering rules can fail", () => {
  const imp = (file: string, specifier: string, typeOnly = false): Import => {
    const internal = specifier.startsWith("@/");
    const target = internal ? specifier.slice(2) : specifier;
    return { file, specifier, internal, target, resolved: internal ? `${target}.ts` : undefined, typeOnly };
  };

  it("reports a folder in no layer", () => {
    expect(entriesOutsideLayers(["core", "features", "shiny-new", "import-layers.test.ts"])).toEqual([
      "lib/shiny-new is in no layer: move it into lib/core, lib/integrations, lib/features, lib/surfaces",
    ]);
  });

  it("reports an import of a higher layer, and only that", () => {
    const planted = [imp("lib/core/domain/money.ts", "@/lib/features/links/create-link"), imp("lib/features/links/create-link.ts", "@/lib/core/domain/money"), imp("lib/integrations/gateways/wave/wave-client.ts", "@/lib/features/deposits/x", true)];
    expect(upwardImports(planted)).toEqual([
      "lib/core/domain/money.ts imports @/lib/features/links/create-link (core domain -> features links)",
      "lib/integrations/gateways/wave/wave-client.ts imports @/lib/features/deposits/x (integrations gateways -> features deposits)",
    ]);
  });

  it("reads a folder's layer from its path, not its name alone: a feature importing surfaces/dashboard goes up", () => {
    const planted = [imp("lib/features/links/x.ts", "@/lib/surfaces/dashboard/dashboard-action"), imp("lib/surfaces/dashboard/y.ts", "@/lib/features/links/x")];
    expect(upwardImports(planted)).toEqual(["lib/features/links/x.ts imports @/lib/surfaces/dashboard/dashboard-action (features links -> surfaces dashboard)"]);
  });

  it("reports a feature importing lib/surfaces/http, not lib/surfaces/http importing a feature", () => {
    const planted = [imp("lib/features/checkout/checkout-limits.ts", "@/lib/surfaces/http/rate-limit"), imp("lib/surfaces/http/api-route.ts", "@/lib/features/api-keys/authenticate-api-key")];
    expect(httpImportsFromBelow(planted)).toEqual(["lib/features/checkout/checkout-limits.ts imports @/lib/surfaces/http/rate-limit (features checkout -> lib/surfaces/http)"]);
  });

  it("reports a feature importing the HTTP error type, even as a type, not a surface nor the domain outcomes", () => {
    const planted = [
      imp("lib/features/refunds/create-refund.ts", "@/lib/core/errors/api-error"),
      imp("lib/features/links/x.ts", "@/lib/core/errors/api-error", true),
      imp("lib/features/refunds/y.ts", "@/lib/core/errors/domain-error"),
      imp("lib/surfaces/http/api-error-of.ts", "@/lib/core/errors/api-error"),
    ];
    expect(httpErrorImportsFromBelow(planted)).toEqual([
      "lib/features/refunds/create-refund.ts imports @/lib/core/errors/api-error (features refunds -> the HTTP error type)",
      "lib/features/links/x.ts imports @/lib/core/errors/api-error (features links -> the HTTP error type)",
    ]);
  });

  it("reports lib/ importing app/ or tests/, not the message catalogs", () => {
    const planted = [imp("lib/features/links/x.ts", "@/app/api/v4/route"), imp("lib/features/links/y.ts", "@/tests/helpers/fixtures"), imp("lib/integrations/mail/z.ts", "@/messages/fr.json")];
    expect(importsOutsideLib(planted)).toEqual(["lib/features/links/x.ts imports @/app/api/v4/route", "lib/features/links/y.ts imports @/tests/helpers/fixtures"]);
  });

  it("reports a page importing the Prisma client or lib/core/db as a value, not as a type", () => {
    const planted = [
      imp("app/admin/page.tsx", "@/lib/core/db/client"),
      imp("components/support/view.tsx", "@prisma/client"),
      imp("app/dashboard/page.tsx", "@prisma/client", true),
      imp("app/dashboard/layout.tsx", "@/lib/core/db/client", true),
      imp("app/dashboard/actions.ts", "@/lib/features/links/create-link"),
      imp("app/admin/api/links/route.ts", "@/lib/core/db/client"),
    ];
    expect(pagesImportingTheDatabase(planted)).toEqual([
      "app/admin/page.tsx imports @/lib/core/db/client",
      "components/support/view.tsx imports @prisma/client",
      "app/admin/api/links/route.ts imports @/lib/core/db/client",
    ]);
  });

  it("reports a component importing app/, types too, not app/ importing components", () => {
    const planted = [
      imp("components/dashboard/form.tsx", "@/app/dashboard/(app)/links/action", true),
      imp("app/dashboard/page.tsx", "@/components/dashboard/form"),
      imp("components/dashboard/other.tsx", "@/components/dashboard/form"),
    ];
    expect(componentsImportingApp(planted)).toEqual(["components/dashboard/form.tsx imports @/app/dashboard/(app)/links/action"]);
  });

  it("reads `import type` and type-only named imports as types, everything else as values", () => {
    const sample = [
      'import type { DbClient } from "@/lib/core/db/client";',
      'import { type Prisma } from "@prisma/client";',
      'import { db, type DbClient as C } from "@/lib/core/db/client";',
      'import "@/lib/core/db/side-effect";',
      'export { x } from "@/lib/core/db/x";',
      'export type { Y } from "@/lib/core/db/y";',
      'const later = () => import("@/lib/core/db/lazy");',
      '// import { no } from "@/lib/core/db/comment";',
    ].join("\n");
    expect(importsOf(path.join(root, "app", "sample.ts"), sample).map((found) => [found.specifier, found.typeOnly])).toEqual([
      ["@/lib/core/db/client", true],
      ["@prisma/client", true],
      ["@/lib/core/db/client", false],
      ["@/lib/core/db/side-effect", false],
      ["@/lib/core/db/x", false],
      ["@/lib/core/db/y", true],
      ["@/lib/core/db/lazy", false],
    ]);
  });

  it("reports a feature taking or making a Request or FormData, not a surface, not better-auth's setup, not a mere word", () => {
    const sample = [
      "export async function limit(request: Request) {}",
      "export function read(form: { get(name: string): FormDataEntryValue | null }) {}",
      "const made = new Request(url);",
      "// a Request in a comment, a \"FormData\" in a string",
      "type Sent = { url: string }; export function send(request: Sent) {}",
    ].join("\n");
    expect(requestUses(path.join(root, "lib", "features", "checkout", "sample.ts"), sample)).toEqual([
      "lib/features/checkout/sample.ts:1 uses Request",
      "lib/features/checkout/sample.ts:2 uses FormDataEntryValue",
      "lib/features/checkout/sample.ts:3 uses Request",
    ]);
    expect(requestUses(path.join(root, "lib", "surfaces", "checkout", "sample.ts"), sample)).toEqual([]);
    expect(requestUses(path.join(root, "lib", "features", "auth", "sample.ts"), sample)).toHaveLength(3);
  });

  it("reports a cycle between folders", () => {
    const planted = [imp("lib/core/a/x.ts", "@/lib/core/b/y"), imp("lib/core/b/y.ts", "@/lib/core/c/z"), imp("lib/core/c/z.ts", "@/lib/core/a/x")];
    expect(folderCycles(planted)).toEqual([["lib/core/a/x.ts imports @/lib/core/b/y", "lib/core/b/y.ts imports @/lib/core/c/z", "lib/core/c/z.ts imports @/lib/core/a/x"]]);
  });

  it("reports a cycle between two files of one folder", () => {
    const planted = [imp("lib/integrations/gateways/adapter.ts", "@/lib/integrations/gateways/live-adapters"), imp("lib/integrations/gateways/live-adapters.ts", "@/lib/integrations/gateways/adapter", true)];
    expect(folderCycles(planted)).toEqual([]);
    expect(fileCycles(planted)).toEqual([["lib/integrations/gateways/adapter.ts imports @/lib/integrations/gateways/live-adapters", "lib/integrations/gateways/live-adapters.ts imports @/lib/integrations/gateways/adapter"]]);
  });
});
