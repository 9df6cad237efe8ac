// Completes package-lock.json for `npm ci` after `npm install` ran against a registry that lacks
// other platforms' optional binaries (@next/swc-darwin-*, @swc/core-win32-*...): npm then writes
// no entry for them, and `npm ci` refuses the lock ("Missing: @swc/core-darwin-arm64@ from lock
// file"). Each missing optional dependency gets the entry npm would write (version, os, cpu, libc,
// optional) without an integrity, which this registry cannot give; a machine of that platform
// fetches it by name and version, the others skip it. Versions are the ones the parent pins.
// Usage, after changing dependencies: npm install && npx tsx scripts/complete-lockfile.ts && npm install --package-lock-only
import fs from "node:fs";

type Entry = Record<string, unknown> & { optionalDependencies?: Record<string, string>; license?: string; engines?: unknown };
const file = process.argv[2] ?? "package-lock.json";
const lock = JSON.parse(fs.readFileSync(file, "utf8")) as { packages: Record<string, Entry> };

function platformOf(name: string): { os: string[]; cpu: string[]; libc?: string[] } {
  const match = /(darwin|linux|win32|freebsd|android)-(arm64|x64|ia32|arm|ppc64|s390x|riscv64)(?:-(gnu|musl|gnueabihf|musleabihf|msvc|eabi))?$/.exec(name);
  if (!match) throw new Error(`cannot tell the platform of ${name}: add its entry by hand`);
  const [, os, cpu, abi] = match;
  return { os: [os], cpu: [cpu], ...(os === "linux" ? { libc: [abi?.startsWith("musl") ? "musl" : "glibc"] } : {}) };
}

let added = 0;
for (const [key, entry] of Object.entries(lock.packages)) {
  for (const [dep, version] of Object.entries(entry.optionalDependencies ?? {})) {
    if (lock.packages[`node_modules/${dep}`] || lock.packages[`${key}/node_modules/${dep}`]) continue;
    // A sibling binary of the same package that the registry did have: same license and engines.
    const family = dep.slice(0, dep.lastIndexOf("-", dep.length - 1));
    const sibling = Object.entries(lock.packages).find(([k, e]) => e.optional && k.startsWith(`node_modules/${family.split("-")[0]}`) && k !== key)?.[1];
    lock.packages[`node_modules/${dep}`] = {
      version,
      ...platformOf(dep),
      license: sibling?.license ?? entry.license,
      ...(sibling?.engines ? { engines: sibling.engines } : {}),
      optional: true,
    };
    added++;
  }
}
fs.writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`${file}: ${added} optional platform entries added`);
