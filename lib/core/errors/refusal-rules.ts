// The rules a refusal can name (DomainError's `rule`, beside its `field`), as data: set where the
// refusal is decided, read by every surface, so none of them parses the English of `details`.
// A rule that people meet in a form has its words under `apiErrors.rules.<rule>` in
// messages/*.json (a form says the code's message for the others); the checkout's under
// `checkout.errors.<rule>`. Names are snake_case, as the API's per-line errors will carry them.

export const REFUSAL_RULES = [
  // Any input, from its schema (lib/core/errors/validation-errors.ts).
  "required",
  "wrong_type",
  "not_a_number",
  "unknown_field",
  "too_long",
  "too_short",
  "too_large",
  "too_small",
  "too_many",
  "too_few",
  "decimals",
  "email",
  "unstorable",
  "min_above_max",
  "logo_image",
  /** A schema's own check that names no rule of its own: `details` says it. */
  "invalid",
  // The merchant's account.
  "live_not_activated",
  // A gateway for money in or out.
  "not_enabled",
  "not_served_by_gateway",
  "operator_not_available",
  /** Its operator announces the provider closed for payments right now (pawaPay's availability). */
  "provider_closed",
  // Money out: a transfer's or a refund's amount, the payment a refund gives back.
  "exceeds_available_balance",
  "exceeds_refundable",
  "fully_refunded",
  "not_paid",
  "pays_a_link",
  "owed_back_by_platform",
  "not_found",
  // A batch of transfers (issue 49): a line's phone not of its country, a reference or a line
  // twice in the batch, a reference an earlier batch holds, lines in more than one currency; its
  // approval by its own maker.
  "phone_country",
  "duplicate_in_batch",
  "reference_already_used",
  "mixed_currencies",
  "maker_cannot_approve",
  // A payment page's short address (lib/core/domain/page-slug.ts): its characters, a word kept for
  // our own addresses, another page's.
  "slug_characters",
  "slug_reserved",
  "slug_taken",
  // The checkout.
  "wrong_code",
  "code_expired",
  "phone_format",
  "link_closed",
  "already_confirmed",
  "payment_in_progress",
  "rate_limited",
] as const;

export type RefusalRule = (typeof REFUSAL_RULES)[number];
