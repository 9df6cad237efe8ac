// Every kind of ledger journal we write. A new kind goes here first (Posting.kind is typed by this
// list) and needs a human label in both catalogs (messages/*.json, labels.ledgerKind), which
// lib/core/i18n/labels-coverage.test.ts checks: the dashboard's statement never shows a raw kind.
export const LEDGER_KINDS = [
  "deposit_completed",
  "link_completed",
  "link_paid_after_expiry",
  "refund_due",
  "refund_requested",
  "refund_completed",
  "refund_failed",
  "refund_completed_late",
  "transfer_accepted",
  "transfer_completed",
  "transfer_failed",
  "transfer_completed_late",
  "operator_fee",
] as const;

export type LedgerKind = (typeof LEDGER_KINDS)[number];
