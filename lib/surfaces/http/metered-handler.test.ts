import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/core/errors/api-error";
import { appMetrics } from "@/lib/core/metrics/registry";
import { jsonAnswer } from "./json-answer";
import { environmentOf, meteredHandler } from "./metered-handler";
import type { ApiHandler, Handler } from "./route-handler";

// The request metrics' labels: the operation as given, the environment from the router (or the
// path's "/test" for a plain route function), the answer's status class, a thrown error's too.

const count = async (labels: Record<string, string>) => (await appMetrics().apiRequests.get()).values.find((v) => Object.entries(labels).every(([k, x]) => (v.labels as Record<string, unknown>)[k] === x))?.value ?? 0;
const context = { params: Promise.resolve({}) };

describe("meteredHandler", () => {
  it("reads a plain route function's environment from its path", () => {
    expect(environmentOf(new Request("http://pay.test/test/api/x"))).toBe("sandbox");
    expect(environmentOf(new Request("http://pay.test/api/x?next=/test/y"))).toBe("live");
    expect(environmentOf(new Request("http://pay.test/testing/api/x"))).toBe("live");
    expect(environmentOf(new Request("http://pay.test/test"))).toBe("live");
  });

  it("counts an ApiHandler's answers by the router's environment and their status class, a throw as its status", async () => {
    const operation = "GET /api/unit/[id]";
    let status = 200;
    const handler: ApiHandler = {
      scope: "links:read",
      answer: async (request) => {
        if (status === 0) throw new ApiError(40004);
        if (status < 0) throw new Error("a bug");
        return jsonAnswer(status, {}, "req_1");
      },
    };
    const metered = meteredHandler(operation, handler) as ApiHandler;
    expect(metered.scope).toBe("links:read");
    const ask = (environment: "sandbox" | "live") => metered.answer(new Request("http://pay.test/x"), { params: {}, environment });
    await ask("sandbox");
    await ask("sandbox");
    await ask("live");
    status = 429;
    await ask("live");
    status = 0;
    await expect(ask("live")).rejects.toThrow();
    status = -1;
    await expect(ask("live")).rejects.toThrow("a bug");
    expect(await count({ operation, environment: "sandbox", status_class: "2xx" })).toBe(2);
    expect(await count({ operation, environment: "live", status_class: "2xx" })).toBe(1);
    expect(await count({ operation, environment: "live", status_class: "4xx" })).toBe(2);
    expect(await count({ operation, environment: "live", status_class: "5xx" })).toBe(1);
  });

  it("counts a plain route function's Responses", async () => {
    const operation = "POST /api/unit/plain";
    const handler: Handler = async () => new Response(null, { status: 503 });
    const metered = meteredHandler(operation, handler) as Handler;
    await metered(new Request("http://pay.test/test/api/unit/plain", { method: "POST" }), context);
    expect(await count({ operation, environment: "sandbox", status_class: "5xx" })).toBe(1);
  });
});
