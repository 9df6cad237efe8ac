"use client";

import { useActionState } from "react";
import { ActionResult } from "./action-form";
import { SecretShownOnce, type SecretLabels } from "./secret-shown-once";

export type FirstKeyState = { error?: string; fieldErrors?: Record<string, string>; code?: number; key?: string; webhookSecret?: string } | null;

type Props = {
  action: (state: FirstKeyState, form: FormData) => Promise<FirstKeyState>;
  labels: { name: string; defaultName: string; submit: string; done: string; continue: string; key: SecretLabels; secret: SecretLabels };
  /** Where "I have copied them" goes: the page again, now without this card. */
  continueHref: string;
};

/**
 * The merchant's first API key, and with it the webhook signing secret nobody has seen yet: both
 * shown once, each with a copy button, until the member says they have copied them.
 */
export function FirstKeyForm({ action, labels, continueHref }: Props) {
  const [state, formAction, pending] = useActionState(action, null);
  if (state?.key) {
    return (
      <div role="status">
        <p className="dash-ok">{labels.done}</p>
        <SecretShownOnce secret={state.key} labels={labels.key} testId="first-key" />
        {state.webhookSecret ? <SecretShownOnce secret={state.webhookSecret} labels={labels.secret} testId="first-webhook-secret" /> : null}
        <p>
          <a className="dash-button dash-button-primary" href={continueHref}>
            {labels.continue}
          </a>
        </p>
      </div>
    );
  }
  return (
    <form action={formAction} className="dash-form">
      <label>
        {labels.name}
        <input name="name" required maxLength={60} defaultValue={labels.defaultName} aria-invalid={state?.fieldErrors?.name ? true : undefined} aria-describedby={state?.fieldErrors?.name ? "first-key-name-error" : undefined} />
      </label>
      {state?.fieldErrors?.name ? (
        <p id="first-key-name-error" className="dash-field-error">
          {state.fieldErrors.name}
        </p>
      ) : null}
      <button type="submit" disabled={pending}>
        {labels.submit}
      </button>
      <ActionResult state={state} />
    </form>
  );
}
