import fs from "node:fs";
import semver from "semver";
import { describe, expect, it } from "vitest";

// package.json's engines must be true: npm prints an EBADENGINE warning for each installed package
// whose own engines exclude the running Node, and CI runs on the lowest version named here.
const pkg = JSON.parse(fs.readFileSync("package.json", "utf8")) as { engines: { node: string } };
const lock = JSON.parse(fs.readFileSync("package-lock.json", "utf8")) as {
  packages: Record<string, { engines?: { node?: string } | string[]; optional?: boolean }>;
};

/** The first version of each line the range names ("^22.12.0 || ^24.0.0" -> 22.12.0, 24.0.0). */
const linesNamed = new semver.Range(pkg.engines.node).set.map((comparators) => semver.minVersion(new semver.Range(comparators.map(String).join(" ")))!.version);

describe("the Node versions package.json names", () => {
  it("name at least the lowest line CI runs and the image's", () => {
    expect(linesNamed).toContain("22.12.0");
    expect(semver.satisfies("26.0.0", pkg.engines.node)).toBe(true);
  });

  it.each(linesNamed)("are accepted by every installed package: Node %s", (version) => {
    const refusing = Object.entries(lock.packages)
      .filter(([name, entry]) => name !== "" && !entry.optional && !Array.isArray(entry.engines) && entry.engines?.node)
      .filter(([, entry]) => !semver.satisfies(version, (entry.engines as { node: string }).node))
      .map(([name, entry]) => `${name.replace(/^.*node_modules\//, "")} wants ${(entry.engines as { node: string }).node}`);
    expect(refusing).toEqual([]);
  });
});
