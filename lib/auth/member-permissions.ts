// TEMPORARY: replaced by the auth branch at merge (same exports, same rules).
import type { MemberRole } from "./session-member";

export type MemberAction = "keys:manage" | "webhooks:manage" | "links:create" | "payouts:request" | "settings:manage" | "team:manage" | "view";

const ALLOWED: Record<MemberRole, readonly MemberAction[]> = {
  viewer: ["view"],
  developer: ["view", "keys:manage", "webhooks:manage", "links:create"],
  admin: ["view", "keys:manage", "webhooks:manage", "links:create", "payouts:request", "settings:manage", "team:manage"],
  owner: ["view", "keys:manage", "webhooks:manage", "links:create", "payouts:request", "settings:manage", "team:manage"],
};

export function can(role: MemberRole, action: MemberAction): boolean {
  return ALLOWED[role].includes(action);
}
