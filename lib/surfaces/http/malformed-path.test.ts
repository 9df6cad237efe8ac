import { describe, expect, it } from "vitest";
import { apiNotFoundResponse, isDecodablePath, isMisspelledApiPath, malformedPathResponse } from "./malformed-path";

describe("malformed paths", () => {
  it.each(["/pay/LINK_TEST_01JD3Z8M6X5V4T3R2Q1P0N9M8K", "/pay/caf%C3%A9", "/pay/%00", "/"])("lets %s through", (path) => {
    expect(isDecodablePath(path)).toBe(true);
  });

  it.each(["/pay/%ED%A0%80", "/api/%E0%A4%A", "/pay/%", "/pay/%C3"])("refuses %s", (path) => {
    expect(isDecodablePath(path)).toBe(false);
  });

  it("answers the error envelope on API paths and text on pages, both 400", async () => {
    const api = malformedPathResponse(true);
    expect(api.status).toBe(400);
    expect(await api.json()).toEqual({ error: { code: 40023, message: "Invalid request parameters", details: "The URL path is not valid percent-encoded UTF-8" } });
    const page = malformedPathResponse(false);
    expect(page.status).toBe(400);
    expect(await page.text()).toContain("Bad Request");
  });
});

describe("misspelled API paths", () => {
  it.each(["/TEST/api/v4/payments/link", "/Test/Api/v4/payments/link", "/API/v4/payments/link", "/test%2Fapi/v4/payments/link", "/test%2fapi%2Fv4", "/api%2Fv4/x", "/PUBLIC/gateways/deposit/list", "/Admin/api/session", "/test/API/v4"])(
    "knows %s for an API client's path",
    (path) => expect(isMisspelledApiPath(path)).toBe(true),
  );

  it.each(["/api/v4/payments/link", "/test/api/v4/x", "/admin/api/session", "/pay/LINK_TEST_X", "/TEST/pay/x", "/admin", "/apiary", "/", "/test"])(
    "leaves %s alone (a real API path, or a page)",
    (path) => expect(isMisspelledApiPath(path)).toBe(false),
  );

  it("answers the API's 404 envelope", async () => {
    const res = apiNotFoundResponse("/TEST/api/v4/x", "GET");
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect((await res.json()).error).toMatchObject({ code: 40004, message: "Resource not found" });
  });
});
