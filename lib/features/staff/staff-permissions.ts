// Who may do what in the support view (/admin): the one table (STAFF_ROLE_ACTIONS) from which follow
// its API routes (each names its action to supportRoute, lib/surfaces/http/support-route.ts) and the
// buttons its pages show (components/support). As the dashboard's member-permissions.ts does for
// merchants' members. Staff accounts themselves are managed on the command line only
// (npm run staff:create / staff:disable), never through the support view.

export const STAFF_ROLES = ["support", "admin"] as const;
export type StaffRoleName = (typeof STAFF_ROLES)[number];

/** What a staff member may do; every support-view API route names one of these. */
export const STAFF_ACTIONS = [
  // Every read: overview, search, payments, deposits, links, refunds, transfers, merchants,
  // activation requests, dead webhooks, reconciliation, audit log.
  "view",
  // Asks a live deposit's operator now and records its answer: it may complete or fail the deposit.
  "payments:check-operator",
  // Reads every open live outcome at its operator now (npm run reconcile's pass): it may complete or
  // fail deposits and settle payouts and refunds.
  "reconciliation:run",
  // Completes or fails a deposit held on its operator's other figures.
  "payments:resolve-hold",
  // Records a refund paid by hand, or retries a failed one: money leaves.
  "refunds:settle",
  // Approves or rejects a payout held for review: money leaves.
  "transfers:decide",
  // Approves or refuses a merchant's live payments.
  "activations:decide",
  // Issues and revokes a merchant's API keys, rotates its webhook signing secret.
  "merchants:credentials",
  // Confirms a member's e-mail address by hand (the confirmation mail could not reach them): it
  // opens an account, so an admin's call, after checking who asks.
  "members:verify-email",
  // Sends a dead webhook delivery again (signed with the merchant's secret, to its endpoint).
  "webhooks:resend",
] as const;
export type StaffAction = (typeof STAFF_ACTIONS)[number];

// `support` is read-only: it answers merchants' questions from what it sees. Everything that moves
// money or its state (an operator's answer recorded, a hold resolved, a refund or payout let go,
// live payments switched on), hands out credentials or sends on a merchant's behalf is `admin`'s,
// and audited. (Resending a webhook changes no money, but it speaks to the merchant's server in
// our name: an admin's call, as before.)
const STAFF_ROLE_ACTIONS: Record<StaffRoleName, ReadonlySet<StaffAction>> = {
  support: new Set(["view"]),
  admin: new Set(STAFF_ACTIONS),
};

export function staffCan(role: StaffRoleName, action: StaffAction): boolean {
  return STAFF_ROLE_ACTIONS[role]?.has(action) ?? false;
}
