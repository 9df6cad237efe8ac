import { DomainError } from "@/lib/core/errors/domain-error";
import { SCOPES, type Scope } from "@/lib/core/domain/api-keys";

// Who may do what on a merchant's dashboard: the one table (ROLE_ACTIONS) from which follow the
// dashboard's actions and pages (below), the scopes a member may put on an API key (keyScopesFor)
// and better-auth's organization roles (lib/features/auth/roles.ts).

export const MEMBER_ROLES = ["owner", "admin", "developer", "viewer"] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

/** What a dashboard member may do; every dashboard action, page and key scope names one of these. */
export const MEMBER_ACTIONS = ["view", "links:create", "keys:manage", "webhooks:manage", "transfers:request", "transfers:approve", "refunds:create", "settings:manage", "team:manage", "activation:request"] as const;
export type MemberAction = (typeof MEMBER_ACTIONS)[number];

// A viewer reads; a developer integrates (keys, webhooks, links); an admin runs the business
// (everything, team included: money leaves the balance only by an admin's or the owner's hand,
// payouts and refunds, and asking for live payments: activation:request, which names the payout
// number and speaks for the business); only the owner may hand ownership over, which is not an action
// here but a rule of the team page (canGrantRole: an admin cannot make anyone owner).
const ROLE_ACTIONS: Record<MemberRole, ReadonlySet<MemberAction>> = {
  viewer: new Set(["view"]),
  developer: new Set(["view", "links:create", "keys:manage", "webhooks:manage"]),
  admin: new Set(MEMBER_ACTIONS),
  owner: new Set(MEMBER_ACTIONS),
};

export function can(role: MemberRole, action: MemberAction): boolean {
  return ROLE_ACTIONS[role]?.has(action) ?? false;
}

/** Only an owner may make someone owner (or transfer ownership). */
export function canGrantRole(granter: MemberRole, role: MemberRole): boolean {
  if (!can(granter, "team:manage")) return false;
  return role !== "owner" || granter === "owner";
}

/**
 * What each API key scope lets its holder do, as the dashboard action that does the same: a key
 * is a member's hands on the API, so it may only carry what its creator could do on the
 * dashboard. Asking a customer to pay, by link or by a deposit's prompt, is links:create; sending
 * money out (payouts, refunds) needs the role that may do it on the dashboard.
 */
const SCOPE_ACTION: Record<Scope, MemberAction> = {
  "links:read": "view",
  "links:write": "links:create",
  "deposits:read": "view",
  "deposits:write": "links:create",
  "gateways:read": "view",
  "balance:read": "view",
  "transfers:read": "view",
  "transfers:write": "transfers:request",
  "transfers:approve": "transfers:approve",
  "analytics:read": "view",
  "events:read": "view",
  "refunds:read": "view",
  "refunds:write": "refunds:create",
};

export function scopeAction(scope: Scope): MemberAction {
  return SCOPE_ACTION[scope];
}

/**
 * Of a key's scopes, those a member of `role` may still use (a viewer keeps the read scopes): what
 * a key keeps when its maker's role changes (lib/features/auth/member-keys.ts). Unlike
 * keyScopesFor, keys:manage is not needed: it is about making keys, not about what a key does.
 */
export function scopesRoleMayUse(role: MemberRole, scopes: readonly string[]): Scope[] {
  return (scopes as Scope[]).filter((scope) => scope in SCOPE_ACTION && can(role, SCOPE_ACTION[scope]));
}

/** Whether `role` is exactly one of ours (better-auth also knows "member" and takes "admin,developer"). */
export function isMemberRole(role: unknown): role is MemberRole {
  return typeof role === "string" && (MEMBER_ROLES as readonly string[]).includes(role);
}

/** The scopes a member of `role` may put on a key they create or regenerate (none without keys:manage). */
export function keyScopesFor(role: MemberRole): Scope[] {
  if (!can(role, "keys:manage")) return [];
  return SCOPES.filter((scope) => can(role, SCOPE_ACTION[scope]));
}

/**
 * What a member needs to open each dashboard page and download (the path as the route tree has
 * it). A page the role may not open sends them to the dashboard's home, a download answers 403;
 * what a page then shows (its forms) follows the same table through can().
 */
export const DASHBOARD_PAGES = {
  "/dashboard": "view",
  "/dashboard/links": "view",
  "/dashboard/links/new": "links:create",
  "/dashboard/links/[reference]": "view",
  "/dashboard/links/[reference]/qr.png": "view",
  "/dashboard/links/[reference]/qr.svg": "view",
  // Payment pages (issue 36): seen by every member, made and switched as links are.
  "/dashboard/pages": "view",
  "/dashboard/pages/new": "links:create",
  "/dashboard/pages/[reference]": "view",
  "/dashboard/pages/[reference]/poster": "view",
  "/dashboard/deposits": "view",
  // Payment alerts (issue 51): the payments received, and each member's own alerts.
  "/dashboard/payments": "view",
  "/dashboard/deposits/[reference]": "view",
  "/dashboard/balance": "view",
  "/dashboard/balance/statement.csv": "view",
  // Bulk payouts (issue 49): seen by every member; made by who may request a transfer, approved
  // (on the batch's page) by who may approve one, never by its own maker above the merchant's threshold.
  "/dashboard/batches": "view",
  "/dashboard/batches/new": "transfers:request",
  "/dashboard/batches/template.csv": "view",
  "/dashboard/batches/[reference]": "view",
  "/dashboard/batches/[reference]/result.csv": "view",
  "/dashboard/analytics": "view",
  "/dashboard/analytics/export.csv": "view",
  "/dashboard/developers": "view",
  // The webhook events and their deliveries: whoever sees the developers page's delivery log.
  "/dashboard/developers/events": "view",
  "/dashboard/developers/events/[id]": "view",
  "/dashboard/settings": "view",
  "/dashboard/settings/team": "view",
  "/dashboard/settings/notifications": "view",
  "/dashboard/settings/security": "view",
  // Everyone sees where live payments stand; only activation:request sees the form.
  "/dashboard/activation": "view",
  // Any other address: the dashboard's own not-found page, for members only (issue 35).
  "/dashboard/[...missing]": "view",
} as const satisfies Record<string, MemberAction>;

export type DashboardPage = keyof typeof DASHBOARD_PAGES;

/** Why a member's role may not do an action: the 403's details, on every surface. */
export const forbiddenDetails = (member: { role: MemberRole }, action: MemberAction) =>
  `Your role (${member.role}) does not allow '${action}'; ask an owner or admin of the account`;

/** Refuses (not_allowed) an action the member's role does not allow. */
export function assertCan(member: { role: MemberRole }, action: MemberAction) {
  if (!can(member.role, action)) throw new DomainError("not_allowed", { details: forbiddenDetails(member, action) });
}
