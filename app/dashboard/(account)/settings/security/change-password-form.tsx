"use client";

import { useActionState } from "react";
import { ActionResult } from "@/components/dashboard/action-form";
import type { ActionState } from "@/lib/surfaces/dashboard/dashboard-action";
import { changePasswordAction } from "./account-actions";

type Labels = Record<"current" | "new" | "confirmation" | "hint" | "signOutOthers" | "submit", string>;

/** Current password, the new one twice, and whether to sign out everywhere else (on by default). */
export function ChangePasswordForm({ labels }: { labels: Labels }) {
  const [state, action, pending] = useActionState<ActionState, FormData>(changePasswordAction, null);
  return (
    // A refusal comes back here; a change goes back to the page, which says so (./account-actions.ts).
    <form action={action} className="auth-form" aria-labelledby="password-heading">
      <label htmlFor="currentPassword">{labels.current}</label>
      <input id="currentPassword" name="currentPassword" type="password" autoComplete="current-password" required />
      <label htmlFor="newPassword">{labels.new}</label>
      <input id="newPassword" name="newPassword" type="password" autoComplete="new-password" minLength={10} required aria-describedby="new-password-hint" />
      <p id="new-password-hint" className="auth-hint">
        {labels.hint}
      </p>
      <label htmlFor="confirmation">{labels.confirmation}</label>
      <input id="confirmation" name="confirmation" type="password" autoComplete="new-password" minLength={10} required />
      <label className="auth-check">
        <input type="checkbox" name="signOutOthers" defaultChecked /> {labels.signOutOthers}
      </label>
      <button type="submit" disabled={pending}>
        {labels.submit}
      </button>
      <ActionResult state={state} />
    </form>
  );
}
