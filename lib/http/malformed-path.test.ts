import { describe, expect, it } from "vitest";
import { isDecodablePath, malformedPathResponse } from "./malformed-path";

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
