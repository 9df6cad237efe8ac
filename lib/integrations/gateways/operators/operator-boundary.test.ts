import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { DEPOSIT_GATEWAYS, WITHDRAWAL_GATEWAYS } from "@/lib/integrations/gateways/catalog";
import { FAKE_PROFILES } from "@/tests/fakes/fake-profiles";
import { OPERATOR_PLUGINS } from "./registry";

// Issue 50's second look, kept: adding an operator touches its folder, the registry's list, its
// fake (with its profile, listed in tests/fakes/fake-profiles.ts) and its tests, never the shared
// code. The shared code is read for what would make a new operator edit it: a branch on an
// operator (`=== "mtn"`, `case "wave":`), a table keyed by operators (their ids, or their
// settings' variables), a type listing them, a statement calling on several by name. What names
// one operator as data (a test's expectation, an MTN gateway in a schedule) is no branch.

const root = path.resolve(import.meta.dirname, "../../../..");

/** The shared code: lib but each operator's own folder and the registry's list, the torture suite, the shared fake starters. */
function sharedFiles(): string[] {
  const own = OPERATOR_PLUGINS.map((plugin) => `lib/integrations/gateways/${plugin.id}/`);
  const under = (dir: string) =>
    (fs.readdirSync(path.join(root, dir), { recursive: true }) as string[]).map((file) => path.join(dir, file)).filter((file) => /\.tsx?$/.test(file));
  return [
    ...under("lib").filter((file) => !own.some((folder) => file.startsWith(folder)) && file !== "lib/integrations/gateways/operators/registry.ts"),
    ...under("tests/torture"),
    "tests/fakes/start-operator-fakes.ts",
    "tests/fakes/fake-profile.ts",
    "tests/helpers/operator-fakes.ts",
  ];
}

type Operators = { words: Map<string, string>; prefixes: Map<string, string>; gateways: Set<string> };

/** Every way the code may name an operator: its id, its first word, its name, its fake's key; its settings' prefix. */
function operators(): Operators {
  const words = new Map<string, string>();
  const prefixes = new Map<string, string>();
  for (const plugin of OPERATOR_PLUGINS) {
    for (const word of [plugin.id, plugin.id.split("-")[0], plugin.name.toLowerCase()]) words.set(word, plugin.id);
    prefixes.set(plugin.settings.prefix, plugin.id);
  }
  for (const profile of FAKE_PROFILES) words.set(profile.key, profile.id);
  // A gateway's name starts as its operator's variables do (MTN_MOMO_CI): it is a gateway, not a setting.
  const gateways = new Set([...DEPOSIT_GATEWAYS, ...WITHDRAWAL_GATEWAYS].map((gateway) => gateway.name));
  return { words, prefixes, gateways };
}

/** Where a file's code branches on operators or lists them, as `file:line what: code`. */
export function operatorBranches(file: string, source: string, known: Operators = operators()): string[] {
  // Most files name no operator at all: only those that do are parsed.
  const lower = source.toLowerCase();
  if (![...known.words.keys(), ...[...known.prefixes.keys()].map((prefix) => prefix.toLowerCase())].some((word) => lower.includes(word))) return [];
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  const isTest = file.endsWith(".test.ts");
  const found: { line: number; text: string }[] = [];
  const report = (node: ts.Node, what: string) => {
    const line = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
    found.push({ line, text: `${file}:${line} ${what}: ${node.getText(sf).replace(/\s+/g, " ").slice(0, 100)}` });
  };
  const text = (node: ts.Node | undefined) => (node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isIdentifier(node)) ? node.text : null);
  /** The operator a string literal names, if any. */
  const named = (node: ts.Node | undefined) => (node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) ? (known.words.get(node.text.toLowerCase()) ?? null) : null);
  /** The operator a property name names: its id or key, or (outside tests, whose settings are inputs) one of its variables. */
  const keyed = (name: string | null) => {
    if (name === null) return null;
    const word = known.words.get(name.toLowerCase());
    if (word) return word;
    if (isTest || known.gateways.has(name)) return null;
    return [...known.prefixes].find(([prefix]) => name.startsWith(prefix))?.[1] ?? null;
  };
  const equality = [ts.SyntaxKind.EqualsEqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsEqualsToken, ts.SyntaxKind.EqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsToken];
  const callArguments = new Map<ts.Node, Set<string>>();

  const visit = (node: ts.Node) => {
    if (ts.isBinaryExpression(node) && equality.includes(node.operatorToken.kind) && (named(node.left) || named(node.right))) report(node, "a branch on an operator");
    if (ts.isCaseClause(node) && named(node.expression)) report(node.expression, "a branch on an operator");
    if (ts.isObjectLiteralExpression(node)) {
      const ids = new Set(node.properties.map((property) => keyed(text(property.name))).filter(Boolean));
      if (ids.size >= 2) report(node, "a table keyed by operators");
    }
    if (ts.isArrayLiteralExpression(node)) {
      const ids = new Set(node.elements.map((element) => (ts.isStringLiteral(element) ? known.prefixes.get(element.text) : undefined)).filter(Boolean));
      if (ids.size >= 2) report(node, "a list of operators' settings");
    }
    if (ts.isUnionTypeNode(node) && new Set(node.types.map((type) => (ts.isLiteralTypeNode(type) ? named(type.literal) : null)).filter(Boolean)).size >= 2) {
      report(node, "a type listing operators");
    }
    if (!isTest && ts.isCallExpression(node)) {
      let statement: ts.Node = node;
      while (!ts.isStatement(statement) && statement.parent) statement = statement.parent;
      for (const argument of node.arguments) {
        const id = named(argument);
        if (id) callArguments.set(statement, new Set([...(callArguments.get(statement) ?? []), id]));
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  for (const [statement, ids] of callArguments) if (ids.size >= 2) report(statement, "a statement calling on operators by name");
  return found.sort((a, b) => a.line - b.line).map((finding) => finding.text);
}

describe("adding an operator (issue 50's second look)", () => {
  it("needs no edit of the shared code: nothing there branches on an operator or lists them", () => {
    const known = operators();
    const files = sharedFiles();
    // The scan reads the torture suite and the fake starters, not only lib.
    expect(files).toEqual(expect.arrayContaining(["tests/torture/drain.ts", "tests/torture/check-schedule.ts", "tests/fakes/start-operator-fakes.ts", "lib/integrations/gateways/live-adapters.ts"]));
    expect(files).not.toContain("lib/integrations/gateways/wave/wave-plugin.ts");
    expect(files.flatMap((file) => operatorBranches(file, fs.readFileSync(path.join(root, file), "utf8"), known))).toEqual([]);
  }, 60_000);

  it("finds a branch, a table, a type and a statement naming operators, and lets data naming one be", () => {
    const planted = [
      `const fake = operator === "mtn" ? mtn : "pawapay" !== operator ? wave : pawapay;`,
      `switch (id) { case "orange-money": break; }`,
      `const types = { "mtn-momo": "DIRECT", wave: "REDIRECT" };`,
      `const env = { MTN_MOMO_COUNTRIES: "CI", WAVE_COUNTRIES: "CI" };`,
      `type Operator = "mtn" | "wave";`,
      `const open = () => breaker("wave").isOpen || breaker("mtn-momo").isOpen;`,
      `const ours = ["MTN_MOMO_", "WAVE_"];`,
      // Data naming one operator, or gateways, or an MTN variable alone: none is a branch.
      `expect(found).toBe("wave"); run("pawapay"); const gateways = { MTN_MOMO_CI: 1, WAVE_CI: 2 }; const one = { MTN_MOMO_COUNTRIES: "CI" }; pick(["MTN_MOMO_CI", "WAVE_CI"]);`,
    ].join("\n");
    expect(operatorBranches("tests/torture/planted.ts", planted)).toEqual([
      `tests/torture/planted.ts:1 a branch on an operator: operator === "mtn"`,
      `tests/torture/planted.ts:1 a branch on an operator: "pawapay" !== operator`,
      `tests/torture/planted.ts:2 a branch on an operator: "orange-money"`,
      `tests/torture/planted.ts:3 a table keyed by operators: { "mtn-momo": "DIRECT", wave: "REDIRECT" }`,
      `tests/torture/planted.ts:4 a table keyed by operators: { MTN_MOMO_COUNTRIES: "CI", WAVE_COUNTRIES: "CI" }`,
      `tests/torture/planted.ts:5 a type listing operators: "mtn" | "wave"`,
      `tests/torture/planted.ts:6 a statement calling on operators by name: const open = () => breaker("wave").isOpen || breaker("mtn-momo").isOpen;`,
      `tests/torture/planted.ts:7 a list of operators' settings: ["MTN_MOMO_", "WAVE_"]`,
    ]);
    // A test's settings are its inputs: several operators' variables there are no table of them.
    expect(operatorBranches("lib/x.test.ts", `const env = { MTN_MOMO_COUNTRIES: "CI", WAVE_COUNTRIES: "CI" };`)).toEqual([]);
  });

  it("has a fake profile for each operator of the registry, in its own file beside its fake", () => {
    expect(FAKE_PROFILES.map((profile) => profile.id).sort()).toEqual(OPERATOR_PLUGINS.map((plugin) => plugin.id).sort());
    expect(new Set(FAKE_PROFILES.map((profile) => profile.key)).size).toBe(FAKE_PROFILES.length);
    const list = fs.readFileSync(path.join(root, "tests/fakes/fake-profiles.ts"), "utf8");
    for (const { id } of FAKE_PROFILES) {
      expect(fs.existsSync(path.join(root, `tests/fakes/${id}-fake-profile.ts`)), `tests/fakes/${id}-fake-profile.ts`).toBe(true);
      expect(list, `fake-profiles.ts imports ./${id}-fake-profile`).toContain(`from "./${id}-fake-profile"`);
    }
  });
});
