// Ledger account names. The merchant's two accounts are what its balance shows; the other two
// are the counter-accounts that keep every posting balanced (the outside world, our fee income).
export const ACCOUNTS = {
  available: "merchant_available",
  inFlight: "merchant_in_flight",
  world: "world",
  platformFees: "platform_fees",
} as const;
export type Account = (typeof ACCOUNTS)[keyof typeof ACCOUNTS];
