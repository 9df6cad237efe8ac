"use client";

import { useEffect, useId, useState, type ReactNode } from "react";
import type { ActionState } from "@/lib/surfaces/dashboard/dashboard-action";
import { FORM_TOKEN_FIELD } from "@/lib/core/domain/form-token";
import { currencyChoice } from "@/lib/core/domain/money";
import { ActionResult, FieldError, FieldErrorsProvider, useKeptActionState, useMarkFieldsInError } from "./action-form";

type Props = {
  action: (state: ActionState, form: FormData) => Promise<ActionState>;
  labels: {
    review: string;
    confirm: string;
    change: string;
    sending: string;
    amount: string;
    currency: string;
    gateway: string;
    country: string;
    beneficiaryPhone: string;
    beneficiaryName: string;
  };
  options: { currencies: string[]; gateways: { name: string; label: string }[]; countries: { code: string; label: string }[] };
  /** The fields' first values (the "withdraw the most" link fills the amount through the address). */
  defaults: Record<string, string>;
  /** What the withdrawal costs and the most it can be (TransferPreview). */
  preview?: ReactNode;
  /**
   * The form's one-time token, drawn by the server each time it draws the page: the withdrawal is
   * made once per token, so posting this form again (a double tap, back then confirm) shows the
   * same withdrawal. A new page (after a withdrawal, the refreshed one) brings a new token.
   */
  formToken: string;
};

/**
 * The withdrawal form in two steps, as money leaving should be: "Review" sends the fields to the
 * server, which checks them and answers the question (amount, fees, what leaves the balance)
 * without doing anything; "Yes, withdraw" sends them again with step=confirm, and only then is the
 * withdrawal made. Both steps are plain form posts, so it works the same without JavaScript (the
 * page is rendered again with the server's answer and the fields it handed back); "Change" goes
 * back to the fields (at once with JavaScript, by a post without it).
 */
export function TransferForm({ action, labels, options, defaults, preview, formToken }: Props) {
  const { state, formAction, pending, form, onSubmit } = useKeptActionState(action);
  const [editing, setEditing] = useState(false);
  const formId = useId().replace(/:/g, "");
  useEffect(() => setEditing(false), [state]);
  useMarkFieldsInError(form, state, formId);
  const reviewing = Boolean(state?.confirm) && !editing;
  return (
    <FieldErrorsProvider formId={formId} errors={state?.fieldErrors ?? {}}>
      <form ref={form} action={formAction} onSubmit={onSubmit} className="dash-form" data-error-code={state?.code} data-testid="withdraw-form">
        <input type="hidden" name={FORM_TOKEN_FIELD} value={formToken} />
        {/* Hidden, not removed, while asking: the fields are what the confirmation sends. */}
        <div className="dash-withdraw-fields" hidden={reviewing}>
          <TransferFields labels={labels} options={options} values={{ ...defaults, ...state?.fields }} />
          {preview}
          <button type="submit" name="step" value="review" disabled={pending}>
            {labels.review}
          </button>
        </div>
        {reviewing ? (
          <div className="dash-confirm dash-confirm-asking" role="group" aria-label={labels.review} data-testid="withdraw-question">
            <p className="dash-confirm-question">{state?.confirm?.question}</p>
            {state?.confirm?.facts?.length ? (
              <dl className="dash-confirm-facts" data-testid="withdraw-facts">
                {state.confirm.facts.map((fact) => (
                  <div key={fact.label}>
                    <dt>{fact.label}</dt>
                    <dd>{fact.value}</dd>
                  </div>
                ))}
              </dl>
            ) : null}
            <div className="dash-confirm-buttons">
              <button type="submit" name="step" value="confirm" className="dash-button dash-button-danger-solid" disabled={pending}>
                {pending ? labels.sending : labels.confirm}
              </button>
              <button
                type="submit"
                name="step"
                value="edit"
                className="dash-button"
                disabled={pending}
                onClick={(event) => {
                  event.preventDefault();
                  setEditing(true);
                }}
              >
                {labels.change}
              </button>
            </div>
          </div>
        ) : null}
        {state?.confirm ? null : <ActionResult state={state} />}
      </form>
    </FieldErrorsProvider>
  );
}

/** The fields, named as the API's request body (TRANSFER_FORM_FIELDS). */
function TransferFields({ labels, options, values }: Pick<Props, "labels" | "options"> & { values: Record<string, string> }) {
  return (
    <>
      <label>
        {labels.amount}
        <input name="amount" inputMode="decimal" required autoComplete="off" defaultValue={values.amount ?? ""} />
      </label>
      <FieldError name="amount" />
      <label>
        {labels.currency}
        <select name="currency" defaultValue={values.currency}>
          {options.currencies.map((c) => (
            <option key={c} value={c}>
              {currencyChoice(c)}
            </option>
          ))}
        </select>
      </label>
      <FieldError name="currency" />
      <label>
        {labels.gateway}
        <select name="gatewayName" defaultValue={values.gatewayName}>
          {options.gateways.map((g) => (
            <option key={g.name} value={g.name}>
              {g.label}
            </option>
          ))}
        </select>
      </label>
      <FieldError name="gatewayName" />
      <label>
        {labels.country}
        <select name="country" defaultValue={values.country}>
          {options.countries.map((c) => (
            <option key={c.code} value={c.code}>
              {c.label}
            </option>
          ))}
        </select>
      </label>
      <FieldError name="country" />
      <label>
        {labels.beneficiaryPhone}
        <input name="beneficiaryPhone" type="tel" required autoComplete="off" defaultValue={values.beneficiaryPhone ?? ""} />
      </label>
      <FieldError name="beneficiaryPhone" />
      <label>
        {labels.beneficiaryName}
        <input name="beneficiaryName" autoComplete="off" defaultValue={values.beneficiaryName ?? ""} />
      </label>
      <FieldError name="beneficiaryName" />
    </>
  );
}
