"use client";

import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { FORM_TOKEN_FIELD, newFormToken } from "@/lib/core/domain/form-token";
import { useSupportAction } from "./queries";

type Field = { name: string; label: string; maxLength?: number };

type Props<TResult> = {
  /** The button that opens the confirmation, and the confirmation form's name. */
  label: string;
  /** What will happen, asked before it does. */
  question: string;
  /** The support API call (POST, with the session's CSRF token). */
  path: string;
  /** Optional text fields (a note, an operator's reference), sent in the body when filled. */
  fields?: Field[];
  /** The body besides the fields. */
  body?: Record<string, unknown>;
  /** Told once done: the page says so (this form may vanish with the refreshed data). */
  onDone: (result: TResult) => void;
};

/**
 * One of support's actions on a payment or a refund: a button, then the question with its optional
 * fields and Confirm / Cancel; nothing is sent before Confirm. An error stays beside the form.
 * Each opening draws the form's one-time token: Confirm sent twice (a double click, a retry after a
 * lost answer) is done once and answers the first's result; the next opening is a new request.
 */
export function ConfirmAction<TResult>({ label, question, path, fields = [], body = {}, onDone }: Props<TResult>) {
  const t = useTranslations("support.confirm");
  const [open, setOpen] = useState(false);
  const [formToken, setFormToken] = useState("");
  const action = useSupportAction<{ values: Record<string, string>; formToken: string }, TResult>(
    () => path,
    ({ values }) => ({ ...body, ...values }),
    (input) => input.formToken,
  );
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const values = Object.fromEntries(fields.map((f) => [f.name, String(form.get(f.name) ?? "").trim()]).filter(([, value]) => value));
    action.mutate({ values, formToken: String(form.get(FORM_TOKEN_FIELD) ?? "") }, {
      onSuccess: (result) => {
        setOpen(false);
        onDone(result);
      },
    });
  };
  if (!open) {
    return (
      <button
        type="button"
        onClick={() => {
          action.reset();
          setFormToken(newFormToken());
          setOpen(true);
        }}
      >
        {label}
      </button>
    );
  }
  return (
    <form className="support-confirm" aria-label={label} onSubmit={submit}>
      <input type="hidden" name={FORM_TOKEN_FIELD} value={formToken} />
      <p>{question}</p>
      {fields.map((f) => (
        <label key={f.name}>
          {f.label}
          <input name={f.name} maxLength={f.maxLength ?? 500} autoComplete="off" />
        </label>
      ))}
      <div>
        <button type="submit" disabled={action.isPending}>
          {t("confirm")}
        </button>{" "}
        <button type="button" onClick={() => setOpen(false)}>
          {t("cancel")}
        </button>
      </div>
      {action.isError && <p role="alert">{t("failed", { message: action.error.message })}</p>}
    </form>
  );
}
