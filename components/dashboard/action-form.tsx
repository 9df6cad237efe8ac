"use client";

import { useActionState, useState, type ReactNode } from "react";
import type { ActionState } from "@/lib/dashboard/dashboard-action";

type Props = {
  action: (state: ActionState, form: FormData) => Promise<ActionState>;
  submitLabel: string;
  pendingLabel?: string;
  /** Shown above a secret the action returns (a key, a signing secret): it is shown only once. */
  secretLabel?: string;
  copyLabels?: { copy: string; copied: string };
  className?: string;
  children?: ReactNode;
};

/**
 * A form posting to a server action, showing what it answered: a message, a secret shown once
 * (with a copy button), or the error in the API's words. Works as a plain form before hydration.
 */
export function ActionForm({ action, submitLabel, pendingLabel, secretLabel, copyLabels, className, children }: Props) {
  const [state, formAction, pending] = useActionState(action, null);
  return (
    <form action={formAction} className={className ?? "dash-form"}>
      {children}
      <button type="submit" disabled={pending}>
        {pending && pendingLabel ? pendingLabel : submitLabel}
      </button>
      <ActionResult state={state} />
      {state?.secret ? <ShownOnce label={secretLabel ?? ""} secret={state.secret} copyLabels={copyLabels} /> : null}
    </form>
  );
}

/** What an action said: its error (an alert) or its message. */
export function ActionResult({ state }: { state: ActionState | null }) {
  return (
    <>
      {state?.error ? (
        <p role="alert" className="dash-error">
          {state.error}
        </p>
      ) : null}
      {state?.message ? (
        <p role="status" className="dash-ok">
          {state.message}
        </p>
      ) : null}
    </>
  );
}

function ShownOnce({ label, secret, copyLabels }: { label: string; secret: string; copyLabels?: { copy: string; copied: string } }) {
  const [copied, setCopied] = useState(false);
  return (
    <div role="status" className="dash-secret">
      <p>{label}</p>
      <code data-testid="shown-once">{secret}</code>
      {copyLabels ? (
        <button type="button" onClick={() => navigator.clipboard.writeText(secret).then(() => setCopied(true), () => setCopied(false))}>
          {copied ? copyLabels.copied : copyLabels.copy}
        </button>
      ) : null}
    </div>
  );
}
