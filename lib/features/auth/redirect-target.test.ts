import { describe, expect, it } from "vitest";
import { dashboardRedirectTarget, isPublicDashboardPage } from "./redirect-target";

describe("dashboardRedirectTarget", () => {
  it.each([
    ["/dashboard", "/dashboard"],
    ["/dashboard/accept-invitation/abc123", "/dashboard/accept-invitation/abc123"],
    ["/dashboard/links?status=pending", "/dashboard/links?status=pending"],
    ["/test/dashboard", "/test/dashboard"],
    ["/test/dashboard/links?status=pending", "/test/dashboard/links?status=pending"],
    ["/test/dashboard//evil.example", "/dashboard"],
    ["/test//dashboard", "/dashboard"],
    ["/test/admin", "/dashboard"],
    ["/test/dashboardx", "/dashboard"],
    ["//test/dashboard", "/dashboard"],
    ["https://evil.example/dashboard", "/dashboard"],
    ["//evil.example", "/dashboard"],
    ["/dashboard//evil.example", "/dashboard"],
    ["/dashboard/\\evil", "/dashboard"],
    ["/admin", "/dashboard"],
    ["/dashboardx", "/dashboard"],
    [undefined, "/dashboard"],
  ])("%s -> %s", (next, target) => {
    expect(dashboardRedirectTarget(next)).toBe(target);
  });
});

describe("isPublicDashboardPage", () => {
  it("lets the account pages through and nothing else", () => {
    expect(isPublicDashboardPage("/dashboard/sign-in")).toBe(true);
    expect(isPublicDashboardPage("/dashboard/accept-invitation/inv_1")).toBe(true);
    expect(isPublicDashboardPage("/dashboard")).toBe(false);
    expect(isPublicDashboardPage("/dashboard/settings/security")).toBe(false);
    expect(isPublicDashboardPage("/dashboard/sign-in/../keys")).toBe(false);
  });
});
