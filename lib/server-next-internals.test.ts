import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Our server (server/app-server.cjs) calls Next through its documented custom-server API
// (`next({ dev, dir, hostname, port, httpServer }).getRequestHandler()`), with one exception: in
// Next's standalone output (the Docker image) there is no next.config.ts to load, and Next 16's
// custom server does not pass next()'s documented `conf` on to its router (prepare() gives it only
// dir, port, hostname...). Next's own generated server.js hands the build's config over in the
// environment variable __NEXT_PRIVATE_STANDALONE_CONFIG, which Next's config loader reads first;
// our server does the same with the config of .next/required-server-files.json. The variable is a
// Next internal a minor release may rename: these assertions fail then, before the image does
// (`npm run check:standalone` runs the real thing). Decision record: docs/architecture.md.

const nextDist = path.dirname(createRequire(import.meta.url).resolve("next/dist/server/next.js"));
const read = (file: string) => fs.readFileSync(path.join(nextDist, file), "utf8");

describe("the Next internals our server relies on", () => {
  it("Next's config loader takes the config from __NEXT_PRIVATE_STANDALONE_CONFIG", () => {
    expect(read("config.js")).toMatch(/if \(process\.env\.__NEXT_PRIVATE_STANDALONE_CONFIG\) \{[^}]*JSON\.parse\(process\.env\.__NEXT_PRIVATE_STANDALONE_CONFIG\)/);
  });

  it("Next's generated standalone server.js hands its config over the same way", () => {
    expect(read("../build/utils.js")).toContain("process.env.__NEXT_PRIVATE_STANDALONE_CONFIG = JSON.stringify(nextConfig)");
  });

  it("a build writes the config it was built with into required-server-files.json", () => {
    // SERVER_FILES_MANIFEST, what server/app-server.cjs reads (`.config`).
    expect(read("../shared/lib/constants.js")).toMatch(/SERVER_FILES_MANIFEST = 'required-server-files'/);
  });

  it("the server sets that variable and nothing else of Next's private ones", () => {
    const server = fs.readFileSync(path.join(import.meta.dirname, "..", "server", "app-server.cjs"), "utf8");
    const privates = new Set(server.match(/__NEXT_PRIVATE_\w+/g));
    expect([...privates]).toEqual(["__NEXT_PRIVATE_STANDALONE_CONFIG"]);
  });
});
