import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// No code of ours patches a prototype (issue 29). The server's jobs before Next (the client's
// address, the error envelope for what Node refuses, the API lane, methods Next cannot route) were
// once done by replacing http.Server.prototype.emit for every server of the process: it reached
// servers that were not ours (Next's, the test fakes'), and depended on how Next builds its
// server. They are now listeners of our own server (server/front-door.cjs). A source scan is
// enough to keep it so: an assignment to a `.prototype.` member, or a prototype handed to
// Object.defineProperty/defineProperties/assign/setPrototypeOf, anywhere in the sources fails here,
// whoever owns the object (Node, Next, a library: none of them is ours to change).

const root = path.resolve(import.meta.dirname, "..");
const FOLDERS = ["app", "lib", "scripts", "server", "components", "e2e", "tests", "proxy", "sdk/src"];
const SOURCE = /\.(?:ts|tsx|cjs|mjs|js)$/;
const SKIP = new Set(["node_modules", ".next", ".state", "dist", ".data"]);

function* sources(dir: string): Generator<string> {
  if (!fs.existsSync(dir)) return;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sources(full);
    else if (SOURCE.test(entry.name) && !entry.name.endsWith(".d.ts")) yield full;
  }
}

function allSources(): string[] {
  const atRoot = fs.readdirSync(root).filter((name) => SOURCE.test(name)).map((name) => path.join(root, name));
  return [...atRoot, ...FOLDERS.flatMap((folder) => [...sources(path.join(root, folder))])];
}

/** `X.prototype.y = `, `X.prototype["y"] = ` (not `==`), and a prototype given to a patching call. */
const PATCHES = [
  /\.prototype\s*(?:\.\s*[\w$]+|\[[^\]]+\])\s*(?:=(?!=)|\+=|\|\|=|\?\?=)/,
  /Object\.(?:defineProperty|defineProperties|assign|setPrototypeOf)\(\s*[\w$.]+\.prototype\b/,
  /Reflect\.(?:set|defineProperty)\(\s*[\w$.]+\.prototype\b/,
];

/** The lines of `text` that patch a prototype, comments left out. */
function patchesIn(text: string): string[] {
  return text
    .split("\n")
    .filter((line) => !/^\s*(?:\/\/|\*|\/\*)/.test(line))
    .filter((line) => PATCHES.some((pattern) => pattern.test(line)));
}

describe("prototype patches", () => {
  it("the scan finds one", () => {
    expect(patchesIn("const emit = http.Server.prototype.emit;\nhttp.Server.prototype.emit = function () {};")).toEqual(["http.Server.prototype.emit = function () {};"]);
    expect(patchesIn('IncomingMessage.prototype["headers"] = {};')).toHaveLength(1);
    expect(patchesIn("Object.defineProperty(http.ServerResponse.prototype, 'end', {});")).toHaveLength(1);
    expect(patchesIn("if (a.prototype.b === c) {}\n// http.Server.prototype.emit = patched")).toEqual([]);
  });

  it("scans the server, the app, the scripts and the tests", () => {
    const files = allSources().map((file) => path.relative(root, file));
    expect(files).toContain(path.join("server", "front-door.cjs"));
    expect(files).toContain(path.join("scripts", "start-server.cjs"));
    expect(files).toContain("next.config.ts");
    expect(files.length).toBeGreaterThan(300);
  });

  it("none in our sources", () => {
    // This file's own examples above excepted.
    const others = allSources().filter((file) => file !== path.join(root, "lib", "no-prototype-patches.test.ts"));
    const found = others.flatMap((file) => patchesIn(fs.readFileSync(file, "utf8")).map((line) => `${path.relative(root, file)}: ${line.trim()}`));
    expect(found).toEqual([]);
  });
});
