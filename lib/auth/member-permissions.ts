import type { MemberRole } from "./session-member";

/** What a dashboard member may do; every dashboard action names one of these. */
export type MemberAction = "keys:manage" | "webhooks:manage" | "links:create" | "payouts:request" | "settings:manage" | "team:manage" | "view";

// A viewer reads; a developer integrates (keys, webhooks, links); an admin runs the business
// (everything, team included); only the owner may hand ownership over, which is not an action
// here but a rule of the team page (an admin cannot make anyone owner).
const ALLOWED: Record<MemberRole, ReadonlySet<MemberAction>> = {
  viewer: new Set(["view"]),
  developer: new Set(["view", "keys:manage", "webhooks:manage", "links:create"]),
  admin: new Set(["view", "keys:manage", "webhooks:manage", "links:create", "payouts:request", "settings:manage", "team:manage"]),
  owner: new Set(["view", "keys:manage", "webhooks:manage", "links:create", "payouts:request", "settings:manage", "team:manage"]),
};

export function can(role: MemberRole, action: MemberAction): boolean {
  return ALLOWED[role]?.has(action) ?? false;
}

/** Only an owner may make someone owner (or transfer ownership). */
export function canGrantRole(granter: MemberRole, role: MemberRole): boolean {
  if (!can(granter, "team:manage")) return false;
  return role !== "owner" || granter === "owner";
}
