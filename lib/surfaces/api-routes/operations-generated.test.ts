import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { exportsOf, generateOperationsFile, operationsFileOf } from "@/scripts/operations-file";

// The route table lists the operations through operations.generated.ts, written from the modules by
// `npm run operations:generate`: a module added, renamed or removed without running it fails here,
// as the SDK's generated files do in tests/sdk/generated-files.integration.test.ts.
const root = path.resolve(import.meta.dirname, "../../..");

describe("operations.generated.ts", () => {
  it("imports every operation of the modules in lib/surfaces/api-routes' folders (run npm run operations:generate when this fails)", () => {
    const { file, contents } = generateOperationsFile();
    const committed = fs.readFileSync(path.join(root, file), "utf8");
    expect(committed === contents, `${file} is out of date: run npm run operations:generate`).toBe(true);
    expect(contents).toContain('import { createRefund } from "./merchant-api/refunds";');
  });

  it("refuses a module that exports anything but operations, or none", () => {
    const source = [
      'import { apiOperation } from "../operation";',
      "const handler = async () => new Response(null);",
      'export const getThing = apiOperation({ method: "GET", path: "/api/thing", handler });',
      "export const helper = () => 1;",
      "export function parse() {}",
      "export type Thing = { id: string };",
      'export { handler };',
      "export let later = getThing;",
    ].join("\n");
    expect(exportsOf("merchant-api/thing.ts", source)).toEqual({ operations: ["getThing"], others: ["helper", "parse", "Thing", "export { handler };", "later"] });
    expect(() => operationsFileOf([{ file: "merchant-api/thing.ts", source }])).toThrow(
      "lib/surfaces/api-routes/merchant-api/thing.ts exports helper, which is not an ApiOperation",
    );
    expect(() => operationsFileOf([{ file: "merchant-api/empty.ts", source: "const x = 1;" }])).toThrow("merchant-api/empty.ts declares no operation");
    const one = 'export const getThing = apiOperation({ method: "GET", path: "/api/thing", handler });';
    expect(() => operationsFileOf([{ file: "a/thing.ts", source: one }, { file: "b/thing.ts", source: one }])).toThrow("getThing is exported by both");
  });
});
