import type { ApiError } from "@/lib/core/errors/api-error";
import en from "@/messages/en.json";

// An API error, as a dashboard form shows it: beside the field it concerns, in the member's
// language (messages: apiErrors), never the developer English of `details` nor the raw code. The
// field and the rule are the refusal's own data, set where it was decided (DomainError's `field`
// and `rule`): the form reads them, it never guesses them from `details` or from the code.

/** The rules with words of their own for people (apiErrors.rules.*; labels-coverage keeps French beside English). */
const RULES_WITH_WORDS: ReadonlySet<string> = new Set(Object.keys(en.apiErrors.rules));

export type FormError = {
  /** The form field it concerns; null when it concerns the form as a whole (or a field the form does not show). */
  field: string | null;
  /** Key of the message under the apiErrors namespace. */
  messageKey: string;
};

/** Which of the form's fields an error concerns, and which message says it. */
export function formErrorOf(error: Pick<ApiError, "code" | "hint" | "field" | "rule">, fields: readonly string[]): FormError {
  const field = error.field !== undefined && fields.includes(error.field) ? error.field : null;
  // A message the throw site chose for people says it best; then the rule's words; then the code's.
  if (error.hint) return { field, messageKey: `hints.${error.hint}` };
  if (error.rule && RULES_WITH_WORDS.has(error.rule)) return { field, messageKey: `rules.${error.rule}` };
  return { field, messageKey: `codes.${error.code}` };
}
