import type { ApiError } from "@/lib/core/errors/api-error";
import { UNSTORABLE_TEXT_RULE } from "@/lib/core/request/storable-text";

// An API error, as a dashboard form shows it: beside the field it concerns, in the member's
// language (messages: apiErrors), never the developer English of `details` nor the raw code.
// The API's details start with the field they concern ("amount must be a number", "currency
// EUR is not supported by gateway ..."): that names the field. Errors whose details name none
// fall back on the field their code is about (40013, a balance too low, is the amount's).

const CODE_FIELDS: Partial<Record<number, string>> = {
  40010: "amount",
  40013: "amount",
  40011: "country",
  40012: "gatewayName",
  40015: "currency",
  40021: "callbackUrl",
};

// A few rules say more than the code's message; the rest read as the code's message.
const RULES: [RegExp, string][] = [
  [/ is required$/, "rules.required"],
  [new RegExp(` ${UNSTORABLE_TEXT_RULE.replace(/[+]/g, "\\+")}`), "rules.unstorable"],
  [/^(amount|minAmount|maxAmount) has more decimals than/, "rules.decimals"],
  [/^(amount|minAmount|maxAmount) must be a number/, "rules.notANumber"],
  [/^(amount|minAmount|maxAmount) must be at most/, "rules.tooLarge"],
  // A payment page's range (issue 36): the schema's cross-field rule, on the minimum.
  [/^minAmount must not be greater than maxAmount/, "rules.minAboveMax"],
  [/must be at most \d+ characters|too long|too big/i, "rules.tooLong"],
  [/e-mail/, "rules.email"],
  // A phone field without a code of its own (the support phone is 40023): the phone's message.
  [/ must be in international format/, "codes.40014"],
  [/^logo /, "rules.logo"],
];

export type FormError = {
  /** The form field it concerns; null when it concerns the form as a whole. */
  field: string | null;
  /** Key of the message under the apiErrors namespace. */
  messageKey: string;
};

/** Which of the form's fields an error concerns, and which message says it. */
export function formErrorOf(error: Pick<ApiError, "code" | "details" | "hint">, fields: readonly string[]): FormError {
  const details = error.details ?? "";
  const named = /^[A-Za-z]+/.exec(details)?.[0];
  const field = named && fields.includes(named) ? named : fields.includes(CODE_FIELDS[error.code] ?? "") ? CODE_FIELDS[error.code]! : null;
  const rule = field || error.code === 40023 ? RULES.find(([pattern]) => pattern.test(details))?.[1] : undefined;
  // A message the throw site chose for people says it best.
  if (error.hint) return { field, messageKey: `hints.${error.hint}` };
  return { field, messageKey: rule ?? `codes.${error.code}` };
}
