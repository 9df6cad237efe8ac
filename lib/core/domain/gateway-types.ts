// How a gateway takes a payment and how it pays one out: the catalog's types (the gateway list
// and the deposit's paymentType in the API, and what an operator plug-in declares).

export const DEPOSIT_TYPES = ["DIRECT", "REDIRECT", "OTP"] as const;
export type DepositType = (typeof DEPOSIT_TYPES)[number];

export const WITHDRAWAL_TYPES = ["DIRECT", "MANUAL", "SCHEDULED"] as const;
export type WithdrawalType = (typeof WITHDRAWAL_TYPES)[number];
