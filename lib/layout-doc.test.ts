import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// docs/layout.md against the tree (issue 37): a newcomer reads where things live there, so a
// folder without its row, a row in another layer's table or a path that no longer exists fails.

const root = path.resolve(import.meta.dirname, "..");
const doc = fs.readFileSync(path.join(root, "docs/layout.md"), "utf8");
const LAYERS = ["core", "integrations", "features", "surfaces"];

/** The doc's "## heading" sections, in order, each with the paths its table rows name first. */
function sections(): { heading: string; paths: string[] }[] {
  return doc
    .split(/^## /m)
    .slice(1)
    .map((part) => {
      const [heading, ...lines] = part.split("\n");
      const paths = lines
        .filter((line) => line.startsWith("| `"))
        .flatMap((line) => [...line.split("|")[1].matchAll(/`([^`]+)`/g)].map((m) => m[1]));
      return { heading: heading.trim(), paths };
    });
}

/** `app/{api,public}/x` -> app/api/x, app/public/x. */
function expand(pattern: string): string[] {
  const brace = /\{([^{}]+)\}/.exec(pattern);
  if (!brace) return [pattern];
  return brace[1].split(",").flatMap((option) => expand(pattern.slice(0, brace.index) + option + pattern.slice(brace.index + brace[0].length)));
}

const directories = (dir: string) =>
  fs
    .readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/** The project's own top-level folders: not hidden, not ignored by git (node_modules, .next, test output). */
function projectFolders(): string[] {
  const ignored = new Set(
    fs
      .readFileSync(path.join(root, ".gitignore"), "utf8")
      .split("\n")
      .map((line) => line.trim().replace(/^\/|\/$/g, ""))
      .filter((line) => line && !line.includes("/") && !line.includes("*")),
  );
  return directories(".").filter((name) => !name.startsWith(".") && !ignored.has(name));
}

describe("docs/layout.md", () => {
  it("has the project's table, then one table per layer of lib/ from the bottom up, then the routes", () => {
    expect(sections().map((s) => s.heading)).toEqual(["The project", ...LAYERS.map((layer) => `lib/${layer}`), "Routes and pages", "The rules"]);
  });

  it("names every top-level folder in the project's table", () => {
    const named = new Set(sections()[0].paths);
    expect(projectFolders().filter((folder) => !named.has(folder))).toEqual([]);
  });

  it.each(LAYERS)("names every folder of lib/%s in its own table, and nothing else there", (layer) => {
    const table = sections().find((s) => s.heading === `lib/${layer}`)!;
    expect([...table.paths].sort()).toEqual(directories(`lib/${layer}`).map((folder) => `lib/${layer}/${folder}`).sort());
  });

  it("names only paths that exist", () => {
    const missing = sections()
      .flatMap((s) => s.paths)
      .flatMap(expand)
      .filter((named) => !fs.existsSync(path.join(root, named)));
    expect(missing).toEqual([]);
  });
});

// docs/architecture.md's glossary: one word per concept, and every folder of lib/features is one of
// its words (the table's last column names the folders).
describe("docs/architecture.md's glossary", () => {
  const architecture = fs.readFileSync(path.join(root, "docs/architecture.md"), "utf8");
  const glossary = architecture.slice(architecture.indexOf("## Glossary"), architecture.indexOf("\n## ", architecture.indexOf("## Glossary") + 1));

  /** The folders the glossary's rows name in their last column. */
  function glossaryFolders(text: string): string[] {
    return text
      .split("\n")
      .filter((line) => /^\| [^-]/.test(line))
      .flatMap((line) => [...(line.split("|").at(-2) ?? "").matchAll(/`([^`]+)`/g)].map((m) => m[1]));
  }

  it("names every folder of lib/features as a word's folder, and no folder that is not there", () => {
    expect(glossaryFolders(glossary).sort()).toEqual(directories("lib/features").sort());
  });

  it("reads the folders from the last column only", () => {
    const planted = "| word | means | not | folder |\n|---|---|---|---|\n| link | `LINK_` | `x` | `links` |\n| gateway | g | | |";
    expect(glossaryFolders(planted)).toEqual(["links"]);
  });
});
