// Ledger account names. The merchant's two accounts are what its balance shows; the others are
// the counter-accounts that keep every posting balanced (the outside world, our fee income, and
// money received that must go back to a customer: never the merchant's, so not in its balance).
export const ACCOUNTS = {
  available: "merchant_available",
  inFlight: "merchant_in_flight",
  world: "world",
  platformFees: "platform_fees",
  refundsDue: "refunds_due",
} as const;
export type Account = (typeof ACCOUNTS)[keyof typeof ACCOUNTS];
