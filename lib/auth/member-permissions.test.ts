import { describe, expect, it } from "vitest";
import { can, canGrantRole, type MemberAction } from "./member-permissions";
import type { MemberRole } from "./session-member";

const ACTIONS: MemberAction[] = ["keys:manage", "webhooks:manage", "links:create", "payouts:request", "settings:manage", "team:manage", "view"];

function allowed(role: MemberRole) {
  return ACTIONS.filter((action) => can(role, action));
}

describe("can", () => {
  it("lets a viewer only view", () => {
    expect(allowed("viewer")).toEqual(["view"]);
  });
  it("lets a developer manage keys and webhooks and create links, nothing about money or the team", () => {
    expect(allowed("developer")).toEqual(["keys:manage", "webhooks:manage", "links:create", "view"]);
  });
  it("lets an admin and an owner do everything", () => {
    expect(allowed("admin")).toEqual(ACTIONS);
    expect(allowed("owner")).toEqual(ACTIONS);
  });
  it("refuses an unknown role", () => {
    expect(can("root" as MemberRole, "view")).toBe(false);
  });
});

describe("canGrantRole", () => {
  it("keeps ownership for owners to hand over", () => {
    expect(canGrantRole("owner", "owner")).toBe(true);
    expect(canGrantRole("admin", "owner")).toBe(false);
    expect(canGrantRole("admin", "viewer")).toBe(true);
    expect(canGrantRole("developer", "viewer")).toBe(false);
  });
});
