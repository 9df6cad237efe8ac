import { describe, expect, it } from "vitest";
import { SCOPES } from "@/lib/core/domain/api-keys";
import { can, canGrantRole, keyScopesFor, MEMBER_ACTIONS, type MemberRole } from "./member-permissions";

function allowed(role: MemberRole) {
  return MEMBER_ACTIONS.filter((action) => can(role, action));
}

describe("can", () => {
  it("lets a viewer only view", () => {
    expect(allowed("viewer")).toEqual(["view"]);
  });
  it("lets a developer manage keys and webhooks and create links, nothing about money or the team", () => {
    expect(allowed("developer")).toEqual(["view", "links:create", "keys:manage", "webhooks:manage"]);
  });
  it("lets an admin and an owner do everything", () => {
    expect(allowed("admin")).toEqual([...MEMBER_ACTIONS]);
    expect(allowed("owner")).toEqual([...MEMBER_ACTIONS]);
  });
  it("lets only an owner or an admin ask for live payments (it names where the money goes)", () => {
    expect(MEMBER_ACTIONS).toContain("activation:request");
    expect(["owner", "admin", "developer", "viewer"].filter((role) => can(role as MemberRole, "activation:request"))).toEqual(["owner", "admin"]);
  });
  it("refuses an unknown role", () => {
    expect(can("root" as MemberRole, "view")).toBe(false);
  });
});

describe("keyScopesFor", () => {
  it("gives a developer's keys the reads and the collecting writes, never a scope that sends money out", () => {
    const developer = keyScopesFor("developer");
    expect(developer).not.toContain("transfers:write");
    expect(developer).not.toContain("refunds:write");
    expect(SCOPES.filter((s) => !developer.includes(s))).toEqual(["transfers:write", "transfers:approve", "refunds:write"]);
  });
  it("gives an owner's and an admin's keys every scope, and a viewer (no keys:manage) none", () => {
    expect(keyScopesFor("owner")).toEqual([...SCOPES]);
    expect(keyScopesFor("admin")).toEqual([...SCOPES]);
    expect(keyScopesFor("viewer")).toEqual([]);
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
