import { describe, expect, it } from "vitest";
import { switchTarget } from "./memberships";

describe("switchTarget", () => {
  it.each([
    ["/dashboard", "/dashboard"],
    ["/dashboard/links", "/dashboard/links"],
    ["/dashboard/links/pl_123", "/dashboard/links"],
    ["/dashboard/links/new", "/dashboard/links"],
    ["/test/dashboard/deposits/dep_1?x=1", "/test/dashboard/deposits"],
    ["/test/dashboard?status=paid", "/test/dashboard"],
    ["/test/dashboard/settings/team", "/test/dashboard/settings"],
    ["https://evil.example/dashboard", "/dashboard"],
    ["//evil.example/dashboard", "/dashboard"],
    ["/admin", "/dashboard"],
    ["/dashboardx", "/dashboard"],
    [undefined, "/dashboard"],
  ])("%s -> %s", (path, target) => {
    expect(switchTarget(path)).toBe(target);
  });
});
