// `npm run build:standalone`: after `next build` with NEXT_OUTPUT=standalone, completes
// .next/standalone into the folder the Docker image runs (Dockerfile, runtime stage): the build
// with only the traced dependencies (Next's generated server.js there goes unused), plus what
// tracing does not copy:
// the browser assets (.next/static), our server (server/: app-server.cjs and its front door; a
// custom server is not traced, Next's docs say) and npm start's launcher. Run it there as the
// image does:
//   cd .next/standalone && node scripts/start-server.cjs --hostname 0.0.0.0
"use strict";
const fs = require("node:fs");
const path = require("node:path");

const root = path.resolve(__dirname, "..");
const out = path.join(root, ".next", "standalone");
if (!fs.existsSync(path.join(out, "server.js"))) {
  console.error("No .next/standalone/server.js: build with NEXT_OUTPUT=standalone first (npm run build:standalone).");
  process.exit(1);
}
fs.cpSync(path.join(root, ".next", "static"), path.join(out, ".next", "static"), { recursive: true });
fs.cpSync(path.join(root, "server"), path.join(out, "server"), { recursive: true, filter: (file) => !file.endsWith(".d.cts") });
fs.mkdirSync(path.join(out, "scripts"), { recursive: true });
for (const file of ["start-server.cjs", "worker-count.cjs"]) fs.copyFileSync(path.join(root, "scripts", file), path.join(out, "scripts", file));
// The build's own pass over the embedded database's default folder (a lock file) is no part of the app.
fs.rmSync(path.join(out, ".data"), { recursive: true, force: true });
console.log(`standalone server assembled in ${path.relative(process.cwd(), out) || "."}`);
