import { afterEach, describe, expect, it, vi } from "vitest";
import { benchRoute } from "./bench-route";

const echo = benchRoute((request) => request.json());
const post = (body: string) => new Request("http://pay.test/api/bench/echo", { method: "POST", body, headers: { "content-type": "application/json" } });
const context = { params: Promise.resolve({}) };

describe("benchRoute", () => {
  afterEach(() => vi.unstubAllEnvs());

  it("is a 404 unless the benchmark enables it", async () => {
    const res = await echo(post('{"a":1}'), context);
    expect(res.status).toBe(404);
    expect((await res.json()).error.code).toBe(40004);
  });

  it("answers when enabled, and refuses a body that is not JSON in the envelope", async () => {
    vi.stubEnv("BENCH_ROUTES", "1");
    const res = await echo(post('{"amount":5000}'), context);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ amount: 5000 });
    const bad = await echo(post("{"), context);
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.code).toBe(40016);
  });
});
