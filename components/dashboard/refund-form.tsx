"use client";

import { useEffect, useId, useState } from "react";
import type { ActionState } from "@/lib/surfaces/dashboard/dashboard-action";
import { parseAmountInput } from "@/lib/core/domain/amount-input";
import { currencyName, formatMinor } from "@/lib/core/domain/money";
import { FORM_TOKEN_FIELD } from "@/lib/core/domain/form-token";
import { ActionResult, useKeptActionState } from "./action-form";

type Props = {
  action: (state: ActionState, form: FormData) => Promise<ActionState>;
  paymentReference: string;
  currency: string;
  /** What can still be refunded, as plain text the form accepts ("5000", "12.50"). */
  defaultAmount: string;
  locale: string;
  /** The form's one-time token, drawn with the page: the refund is made once per token (a double tap, a resubmit, show the same refund). */
  formToken: string;
  labels: {
    amount: string;
    amountHint: string;
    reason: string;
    review: string;
    confirm: string;
    change: string;
    sending: string;
    /** The confirmation's words before and after the amount typed. */
    question: [string, string];
  };
};

/**
 * The refund form: amount (prefilled with what can still be refunded) and reason, then a
 * confirmation that says how much goes back to whom before anything is sent; the server action's
 * answer (the refund's reference, or why it was refused) shows beside it.
 */
export function RefundForm({ action, paymentReference, currency, defaultAmount, locale, labels, formToken }: Props) {
  // What was typed stays after a refusal (components/dashboard/action-form.tsx).
  const { state, formAction, pending, form, onSubmit } = useKeptActionState(action);
  // The amount as the confirmation says it; null while the amount is being chosen.
  const [reviewing, setReviewing] = useState<string | null>(null);
  const hint = useId();
  // An answer (done, or refused) brings the form back to its first step.
  useEffect(() => setReviewing(null), [state]);

  const review = () => {
    if (!form.current?.reportValidity()) return;
    const typed = String(new FormData(form.current).get("amount") ?? "").trim();
    // Read as the server reads it ("5 000", "12,50": lib/core/domain/amount-input.ts).
    const parsed = parseAmountInput(typed, currency);
    setReviewing(parsed.ok ? formatMinor(parsed.minor, currency, locale) : `${typed} ${currencyName(currency)}`);
  };

  return (
    <form ref={form} action={formAction} onSubmit={onSubmit} className="dash-form">
      <input type="hidden" name="paymentReference" value={paymentReference} />
      <input type="hidden" name={FORM_TOKEN_FIELD} value={formToken} />
      {/* Hidden, not removed, while confirming: the fields are what the form sends. */}
      <div className="dash-refund-fields" hidden={reviewing !== null}>
        <label>
          {labels.amount}
          <input name="amount" inputMode="decimal" required autoComplete="off" defaultValue={defaultAmount} aria-describedby={hint} />
        </label>
        <p id={hint} className="dash-hint">
          {labels.amountHint}
        </p>
        <label>
          {labels.reason}
          <input name="reason" maxLength={200} autoComplete="off" />
        </label>
        <p>
          <button type="button" className="dash-button dash-button-primary" onClick={review}>
            {labels.review}
          </button>
        </p>
      </div>
      {reviewing !== null ? (
        <div>
          <p>
            {labels.question[0]}
            <strong>{reviewing}</strong>
            {labels.question[1]}
          </p>
          <p className="dash-actions">
            <button type="submit" disabled={pending}>
              {pending ? labels.sending : labels.confirm}
            </button>
            <button type="button" className="dash-button" onClick={() => setReviewing(null)} disabled={pending}>
              {labels.change}
            </button>
          </p>
        </div>
      ) : null}
      <ActionResult state={state} />
    </form>
  );
}
