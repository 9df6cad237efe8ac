import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { generateSdkFiles } from "@/scripts/sdk-files";

// The SDK's committed OpenAPI document and types must be what lib/surfaces/openapi produces today: after a
// change to the API's schemas, run `npm run sdk:generate` and commit the result.
describe("sdk generated files", () => {
  it("match the OpenAPI document built by lib/surfaces/openapi (run npm run sdk:generate when this fails)", async () => {
    const root = path.resolve(import.meta.dirname, "../..");
    for (const [file, expected] of Object.entries(await generateSdkFiles())) {
      const committed = fs.readFileSync(path.join(root, file), "utf8");
      expect(committed === expected, `${file} is out of date: run npm run sdk:generate`).toBe(true);
    }
  });
});
