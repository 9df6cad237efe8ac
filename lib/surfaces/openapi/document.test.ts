import { describe, expect, it } from "vitest";
import { buildOpenApiDocument, type DocumentedOperation } from "./document";

// The document's paths go by each documented operation's `order`, not by the list it is given (the
// route table's, in its modules' order): the docs page and the SDK's types read them in that order.
const documented = (path: string, order: number, method = "GET"): DocumentedOperation => ({
  method,
  path,
  order,
  openapi: { operationId: `${method.toLowerCase()}${order}`, responses: { "204": { description: "Done" } } },
});
const pathsOf = (operations: DocumentedOperation[]) => Object.keys(buildOpenApiDocument("http://pay.test", operations).paths ?? {});

describe("the OpenAPI document's paths", () => {
  it("go by their operations' order, the methods of one path together, the undocumented left out", () => {
    const operations = [
      documented("/api/v4/things/[id]", 210),
      { method: "GET", path: "/api/v4/hidden" },
      documented("/api/v4/things", 200, "POST"),
      documented("/api/v4/widgets", 100),
      documented("/api/v4/things", 200),
    ];
    expect(pathsOf(operations)).toEqual(["/api/v4/widgets", "/api/v4/things", "/api/v4/things/{id}"]);
  });

  it("refuse a documented operation without its order, and two paths with one", () => {
    expect(() => pathsOf([{ ...documented("/api/v4/things", 1), order: undefined }])).toThrow("GET /api/v4/things: a documented operation needs its order");
    expect(() => pathsOf([documented("/api/v4/things", 100), documented("/api/v4/widgets", 100)])).toThrow(
      "/api/v4/things and /api/v4/widgets share the order 100",
    );
  });
});
