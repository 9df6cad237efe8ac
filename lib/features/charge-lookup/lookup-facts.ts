import { parseAmountInput } from "@/lib/core/domain/amount-input";
import { countryOfPhone } from "@/lib/core/domain/dial-codes";
import { countryTimeZone, localDaySpan, localToday } from "@/lib/core/domain/local-day";
import { normalizePhone } from "@/lib/core/domain/phone";
import { isServedCountry } from "@/lib/core/domain/served-countries";

// What a customer gives to find their payment ("was I charged?", issue 51): the phone number, the
// amount and the day together, or the operator's transaction id from their SMS. Whatever else is
// given must match too. Anything less finds nothing: the form says which facts are needed, never
// whether a payment exists. Pure: the form's fields in, the facts (or the field to correct) out.

export type LookupFacts = {
  /** E.164. */
  phone?: string;
  /** As typed: read in each candidate payment's currency (a franc has no decimals, a euro two). */
  amount?: string;
  /** The day as [start, end) in UTC, in the phone's country's time zone (else UTC). */
  day?: { start: Date; end: Date };
  operatorId?: string;
};

/** Why the form is sent back: not enough facts, or one that cannot be read. */
export type LookupFormError = "incomplete" | "phone" | "amount" | "day" | "operatorId";

export type LookupForm = { country?: string | null; phone?: string | null; amount?: string | null; day?: string | null; operatorId?: string | null };

// Operators' transaction ids are digits and letters, with dots or dashes at most (MTN's
// financialTransactionId is 10 digits, Orange's "MP2305..." and Wave's "T_..." ids mix letters).
const OPERATOR_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{3,63}$/;

const filled = (value: string | null | undefined) => (value ?? "").trim();

/** The facts of the form, or the first field to correct. `now` bounds the day: none after today. */
export function readLookupForm(form: LookupForm, now = new Date()): { facts: LookupFacts } | { error: LookupFormError } {
  const typed = { phone: filled(form.phone), amount: filled(form.amount), day: filled(form.day), operatorId: filled(form.operatorId) };
  const country = filled(form.country).toUpperCase();
  const facts: LookupFacts = {};
  if (typed.operatorId) {
    if (!OPERATOR_ID.test(typed.operatorId)) return { error: "operatorId" };
    facts.operatorId = typed.operatorId;
  } else if (!typed.phone || !typed.amount || !typed.day) {
    return { error: "incomplete" };
  }
  if (typed.phone) {
    const phone = normalizePhone(typed.phone, isServedCountry(country) ? country : null);
    if (!phone) return { error: "phone" };
    facts.phone = phone;
  }
  if (typed.amount) {
    // Read with two decimals allowed here; each payment's own currency decides when comparing.
    const amount = parseAmountInput(typed.amount, "EUR");
    if (!amount.ok || amount.minor === 0n) return { error: "amount" };
    facts.amount = typed.amount;
  }
  if (typed.day) {
    // The day as it was where the phone is (the number's country, else the one chosen).
    const zone = countryTimeZone(facts.phone ? countryOfPhone(facts.phone) : isServedCountry(country) ? country : null);
    const span = localDaySpan(typed.day, zone);
    if (!span || typed.day > localToday(zone, now)) return { error: "day" };
    facts.day = span;
  }
  return { facts };
}

/** Whether a payment's figures match the amount typed: the price, or what left the wallet (price and fees). */
export function amountMatches(typed: string, payment: { amountMinor: bigint; feesMinor: bigint; currency: string }): boolean {
  const amount = parseAmountInput(typed, payment.currency);
  return amount.ok && (amount.minor === payment.amountMinor || amount.minor === payment.amountMinor + payment.feesMinor);
}
