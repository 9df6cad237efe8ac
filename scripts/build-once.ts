// `next build`, unless .next already holds a build of exactly these sources. The test command
// builds before the browser suite, and CI runs that command twice (PGlite, then PostgreSQL) on
// one checkout: the second build would be the same output (nothing is prerendered from the
// database) and costs minutes. Tests, browser specs, benches and our server (server/, which runs
// the build and is not compiled into it) are not part of the build.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

const NOT_BUILT = /^(tests|e2e|bench|server|\.ci)\/|\.test\.tsx?$/;
const stampFile = path.join(".next", "source-hash");

function sourceHash() {
  const hash = createHash("sha256");
  const listed = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], { encoding: "utf8" }).split("\0");
  // .env files are ignored by git but read by `next build`.
  const files = [...listed.filter((file) => file && !NOT_BUILT.test(file)), ...fs.readdirSync(".").filter((file) => file.startsWith(".env"))].sort();
  for (const file of files) {
    if (!fs.existsSync(file) || !fs.statSync(file).isFile()) continue; // deleted but still in the index
    hash.update(`${file}\0`).update(fs.readFileSync(file)).update("\0");
  }
  const env = Object.entries(process.env).filter(([name]) => name.startsWith("NEXT_PUBLIC_") || name === "NEXT_OUTPUT" || name === "NODE_ENV").sort();
  hash.update(JSON.stringify([process.version, process.platform, process.arch, env]));
  return hash.digest("hex");
}

// The stamp names the build it was written for, so a build made otherwise since (`npm run build`,
// `npm run build:standalone`) is never taken for this one.
const buildId = () => fs.readFileSync(path.join(".next", "BUILD_ID"), "utf8");
const stamp = (hash: string) => `${hash} ${buildId()}`;

let hash: string | undefined;
try {
  hash = sourceHash();
} catch {
  // Not a git checkout (a copied folder): always build.
}
const built = hash !== undefined && fs.existsSync(path.join(".next", "BUILD_ID")) && fs.existsSync(stampFile) && fs.readFileSync(stampFile, "utf8") === stamp(hash);
if (built) {
  console.log("next build: skipped, .next already holds a build of these sources");
} else {
  fs.rmSync(stampFile, { force: true });
  execFileSync(path.join("node_modules", ".bin", "next"), ["build"], { stdio: "inherit" });
  if (hash !== undefined) fs.writeFileSync(stampFile, stamp(hash));
}
