"use client";

import { createContext, startTransition, useActionState, useContext, useEffect, useId, useRef, useState, type FormEvent, type ReactNode, type RefObject } from "react";
import type { ActionState } from "@/lib/surfaces/dashboard/dashboard-action";
import { useNotice } from "./notices";

/** The field errors of the form around, for <FieldError> beside each field. */
const FieldErrors = createContext<{ formId: string; errors: Record<string, string> }>({ formId: "", errors: {} });
const errorId = (formId: string, name: string) => `${formId}-${name}-error`;

type Props = {
  action: (state: ActionState, form: FormData) => Promise<ActionState>;
  submitLabel: string;
  pendingLabel?: string;
  /** Shown above a secret the action returns (a key, a signing secret): it is shown only once. */
  secretLabel?: string;
  copyLabels?: { copy: string; copied: string };
  className?: string;
  /** Its message said in the layout's notice area too: for a form the page drawn again no longer has (a batch approved). */
  notice?: boolean;
  children?: ReactNode;
};

/**
 * A form posting to a server action, showing what it answered: a message, a secret shown once
 * (with a copy button), or the error in the member's language, beside the field it concerns
 * (<FieldError name="..."> placed after each field). The one place dashboard forms keep what was
 * typed: React resets a form after its action, which wiped every field on an error; here the
 * submit runs the action without that reset, and the form is cleared only once an action
 * succeeded. Works as a plain form before hydration.
 */
export function ActionForm({ action, submitLabel, pendingLabel, secretLabel, copyLabels, className, notice, children }: Props) {
  const { state, formAction, pending, form, onSubmit } = useKeptActionState(useNoticeOfAction(action, notice));
  const formId = useId().replace(/:/g, "");
  const errors = state?.fieldErrors ?? {};

  useMarkFieldsInError(form, state, formId);

  return (
    <FieldErrors.Provider value={{ formId, errors }}>
      <form ref={form} action={formAction} onSubmit={onSubmit} className={className ?? "dash-form"} data-error-code={state?.code}>
        {children}
        <button type="submit" disabled={pending}>
          {pending && pendingLabel ? pendingLabel : submitLabel}
        </button>
        <ActionResult state={state} />
        {state?.secret ? <ShownOnce label={secretLabel ?? ""} secret={state.secret} copyLabels={copyLabels} /> : null}
      </form>
    </FieldErrors.Provider>
  );
}

/**
 * A server action's state for a form that keeps what was typed until the action succeeds: give
 * the form `ref={form} action={formAction} onSubmit={onSubmit}`. React resets a form after its
 * action has run (every field emptied, even on an error); submitting through onSubmit runs the
 * action without that reset, and the form is reset here only once an answer carries no error.
 */
export function useKeptActionState<S extends ActionState = ActionState>(action: (state: S, form: FormData) => Promise<S>) {
  const [state, formAction, pending] = useActionState<S, FormData>(action, null as Awaited<S>);
  const form = useRef<HTMLFormElement>(null);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget, (event.nativeEvent as SubmitEvent).submitter);
    startTransition(() => formAction(data));
  };
  useEffect(() => {
    // A two-step form's question (state.confirm) keeps the fields: they are what the second step sends.
    if (state && !state.error && !state.confirm) form.current?.reset();
  }, [state]);
  return { state, formAction, pending, form, onSubmit };
}

/**
 * The action, saying its message in the layout's notice area too when asked, when the answer
 * arrives (the page drawn again may not have the form any more). The server action itself until
 * the page is hydrated: only a server action's form posts without JavaScript.
 */
function useNoticeOfAction(action: Props["action"], notice: boolean | undefined): Props["action"] {
  const notify = useNotice();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  if (!notice || !notify || !hydrated) return action;
  return async (previous, data) => {
    const result = await action(previous, data);
    if (result?.message && !result.error) notify(result.message);
    return result;
  };
}

/** Field errors for <FieldError> in a form not made by ActionForm (a two-step form). */
/**
 * Marks the fields in error for assistive technology (and unmarks them once they are right), and
 * takes the member to the first one: every form that shows <FieldError>s beside its fields.
 */
export function useMarkFieldsInError(form: RefObject<HTMLFormElement | null>, state: { fieldErrors?: Record<string, string> } | null | undefined, formId: string) {
  useEffect(() => {
    const element = form.current;
    if (!element || !state) return;
    let first: HTMLElement | null = null;
    for (const field of Array.from(element.elements) as HTMLInputElement[]) {
      if (!field.name) continue;
      const ours = errorId(formId, field.name);
      const others = (field.getAttribute("aria-describedby") ?? "").split(" ").filter((id) => id && id !== ours);
      if (state.fieldErrors?.[field.name]) {
        field.setAttribute("aria-invalid", "true");
        field.setAttribute("aria-describedby", [...others, ours].join(" "));
        first ??= field;
      } else {
        field.removeAttribute("aria-invalid");
        if (others.length) field.setAttribute("aria-describedby", others.join(" "));
        else field.removeAttribute("aria-describedby");
      }
    }
    first?.focus();
  }, [state, formId, form]);
}

export function FieldErrorsProvider({ formId, errors, children }: { formId: string; errors: Record<string, string>; children: ReactNode }) {
  return <FieldErrors.Provider value={{ formId, errors }}>{children}</FieldErrors.Provider>;
}

/** The error of one field of the ActionForm around it, if it has one: put it right after the field. */
export function FieldError({ name }: { name: string }) {
  const { formId, errors } = useContext(FieldErrors);
  const message = errors[name];
  return message ? (
    <p id={errorId(formId, name)} className="dash-field-error" data-field={name}>
      {message}
    </p>
  ) : null;
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
