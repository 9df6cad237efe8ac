import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openApiDocument } from "@/lib/surfaces/api-routes/route-table";
import { sandboxKeyPlaceholder, type CodeSample } from "@/lib/surfaces/openapi/code-samples";
import { startAppServer } from "../helpers/app-server";
import { newMerchant } from "../helpers/fixtures";

// The /docs request samples (the OpenAPI document's x-codeSamples, which Scalar shows first): the
// sandbox's path and key first, so the key a developer copies from the dashboard works as pasted;
// and one sample, run as written by curl against the app over HTTP, does.

let app: Awaited<ReturnType<typeof startAppServer>>;
beforeAll(async () => {
  app = await startAppServer();
});
afterAll(() => app.close());

type Operation = { operationId: string; security?: object[]; "x-codeSamples"?: CodeSample[] };
function operations(origin: string) {
  const document = JSON.parse(JSON.stringify(openApiDocument(origin))) as {
    paths: Record<string, Record<string, Operation>>;
    servers: { url: string; description: string }[];
  };
  return { document, list: Object.entries(document.paths).flatMap(([path, item]) => Object.values(item).map((operation) => ({ path, operation }))) };
}

describe("the reference's request samples", () => {
  it("put the sandbox first: its path under /test, an sk_test_ key; then production, labelled", () => {
    const { document, list } = operations("https://pay.example");
    expect(document.servers[0]!.url).toBe("https://pay.example/test");
    expect(list.length).toBeGreaterThan(15);
    for (const { path, operation } of list) {
      const [sandbox, live] = operation["x-codeSamples"] ?? [];
      expect(sandbox?.label, operation.operationId).toBe("curl (sandbox)");
      expect(sandbox!.source).toContain(`'https://pay.example/test${path.split("{")[0]}`);
      expect(sandbox!.source).not.toContain("sk_live_");
      expect(live?.label).toBe("curl (production)");
      expect(live!.source).toContain(`'https://pay.example${path.split("{")[0]}`);
      expect(live!.source).not.toContain("sk_test_");
      // The gateway lists answer without a key; every other operation needs one.
      if (operation.security?.length === 0 || !operation.security) {
        expect(sandbox!.source).toContain("Bearer sk_test_");
        expect(live!.source).toContain("Bearer sk_live_");
      }
      expect(live!.source).not.toContain("TEST_");
    }
  });

  it("the create-link sample, pasted into a shell with a sandbox key, creates a sandbox link", async () => {
    const merchant = await newMerchant();
    const { list } = operations(app.origin);
    const sample = list.find(({ operation }) => operation.operationId === "createPaymentLink")!.operation["x-codeSamples"]![0]!;
    const command = `${sample.source.replace(sandboxKeyPlaceholder, merchant.sandboxKey)} -s -w '\\n%{http_code}'`;
    const { stdout } = await promisify(execFile)("sh", ["-c", command]);
    const [body, status] = [stdout.slice(0, stdout.lastIndexOf("\n")), stdout.slice(stdout.lastIndexOf("\n") + 1)];
    expect(status, body).toBe("200");
    expect(JSON.parse(body)).toMatchObject({ reference: expect.stringMatching(/^LINK_TEST_/), status: "pending" });
  });

  it("the gateway list's sample works as pasted, before any key is replaced", async () => {
    const { list } = operations(app.origin);
    const sample = list.find(({ operation }) => operation.operationId === "listDepositGateways")!.operation["x-codeSamples"]![0]!;
    const { stdout } = await promisify(execFile)("sh", ["-c", `${sample.source} -s -w '\\n%{http_code}'`]);
    expect(stdout.slice(stdout.lastIndexOf("\n") + 1)).toBe("200");
  });
});
