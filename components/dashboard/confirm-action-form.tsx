"use client";

import { useActionState, useEffect, useId, useRef, useState, type ReactNode } from "react";
import type { ActionState } from "@/lib/surfaces/dashboard/dashboard-action";
import { ActionResult } from "./action-form";
import { useNotice } from "./notices";
import { SecretShownOnce, type SecretLabels } from "./secret-shown-once";

export type ConfirmLabels = {
  /** The button that asks first ("Revoke"). */
  open: string;
  /** What will happen, asked before doing it ("Revoke this key? Requests signed with it fail at once."). */
  question: string;
  /** The button that does it ("Yes, revoke the key"). */
  confirm: string;
  cancel: string;
};

type Props = {
  action: (state: ActionState, form: FormData) => Promise<ActionState>;
  labels: ConfirmLabels;
  /** When the action answers a secret (a rotated signing secret): how to show it, once. */
  secretLabels?: SecretLabels;
  /** Hidden fields naming what the action acts on (a key's id, a member's id). */
  children?: ReactNode;
};

/**
 * A destructive action (revoke a key, remove a member, rotate the signing secret, end a session)
 * asks before it acts, then says what it did. The first button only opens the question; the form
 * posts from the second. After success the message goes to the layout's notice area (the page is
 * re-rendered without the key or member acted on, and this form with it), or replaces the buttons
 * where there is none, or when a secret must stay in view; an error leaves the question open.
 */
export function ConfirmActionForm({ action, labels, secretLabels, children }: Props) {
  const notify = useNotice();
  const [state, formAction, pending] = useActionState(async (previous: ActionState, form: FormData) => {
    const result = await action(previous, form);
    // Said here, when the answer arrives: the re-rendered page may not have this form any more.
    if (notify && result?.message && !result.error && !result.secret) notify(result.message);
    return result;
  }, null);
  const [asking, setAsking] = useState(false);
  const questionId = useId();
  const confirmRef = useRef<HTMLButtonElement>(null);
  const openRef = useRef<HTMLButtonElement>(null);
  const done = Boolean(state && !state.error && (state.message || state.secret));

  // Focus follows the question: on it when asked, back on the first button when cancelled.
  useEffect(() => {
    if (asking) confirmRef.current?.focus();
  }, [asking]);

  if (done && notify && !state?.secret) return null;
  if (done) {
    return (
      <div className="dash-confirm-done">
        <ActionResult state={state} />
        {state?.secret && secretLabels ? <SecretShownOnce secret={state.secret} labels={secretLabels} /> : null}
      </div>
    );
  }
  if (!asking) {
    return (
      <div className="dash-confirm">
        <button ref={openRef} type="button" className="dash-button dash-button-danger" onClick={() => setAsking(true)}>
          {labels.open}
        </button>
        <ActionResult state={state} />
      </div>
    );
  }
  return (
    <form action={formAction} className="dash-confirm dash-confirm-asking" aria-labelledby={questionId}>
      {children}
      <p id={questionId} className="dash-confirm-question">
        {labels.question}
      </p>
      <div className="dash-confirm-buttons">
        <button ref={confirmRef} type="submit" className="dash-button dash-button-danger-solid" disabled={pending}>
          {labels.confirm}
        </button>
        <button
          type="button"
          className="dash-button"
          onClick={() => {
            setAsking(false);
            requestAnimationFrame(() => openRef.current?.focus());
          }}
        >
          {labels.cancel}
        </button>
      </div>
      <ActionResult state={state} />
    </form>
  );
}
