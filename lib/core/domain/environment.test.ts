import { describe, expect, it } from "vitest";
import { environmentFromPath, pathPrefix } from "./environment";

describe("environmentFromPath", () => {
  it.each([
    ["/test/api/v4/payments/link", "sandbox", "/api/v4/payments/link"],
    ["/test", "sandbox", "/"],
    ["/test/", "sandbox", "/"],
    ["/test/pay/LINK_TEST_X", "sandbox", "/pay/LINK_TEST_X"],
    ["/api/v4/payments/link", "live", "/api/v4/payments/link"],
    ["/testing/api", "live", "/testing/api"],
    ["/api/test/x", "live", "/api/test/x"],
  ])("%s -> %s %s", (path, environment, pathname) => {
    expect(environmentFromPath(path)).toEqual({ environment, pathname });
  });

  it("gives the path prefix back", () => {
    expect(pathPrefix("sandbox")).toBe("/test");
    expect(pathPrefix("live")).toBe("");
  });
});
