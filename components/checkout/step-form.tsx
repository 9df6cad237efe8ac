"use client";

import { createContext, useContext, type FormEvent, type MouseEvent, type ReactNode } from "react";

// Every checkout step is a real form (issue 35): without JavaScript, or tapped before the page's
// scripts have loaded, it posts to the server (app/pay/[reference]/form), which answers with the
// next step. Once hydrated, the island handles the same submit itself and nothing is posted.

/**
 * Where the steps post (the form handler), the page's own address (for "check again"), and the
 * waiting screen's next reload without JavaScript (lib/surfaces/checkout/waiting-refresh.ts).
 */
export const CheckoutAddresses = createContext({ formAction: "", pagePath: "", waitingRefresh: { seconds: 3, url: "" } });

type FormProps = {
  /** The hydrated island's handling of the default submit (the first submit button, or Enter). */
  onSubmit: (form: HTMLFormElement) => void;
  children: ReactNode;
  noValidate?: boolean;
  className?: string;
};

/** A step's form: posts natively until the island is there, then the island handles it. */
export function StepForm({ onSubmit, children, noValidate, className }: FormProps) {
  const { formAction } = useContext(CheckoutAddresses);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit(event.currentTarget);
  };
  return (
    <form method="post" action={formAction} onSubmit={submit} aria-labelledby="step-title" noValidate={noValidate} className={className}>
      {children}
    </form>
  );
}

type ButtonProps = {
  /** The form handler's intent (lib/surfaces/checkout/checkout-steps.ts): what this button asks for without JavaScript. */
  intent: string;
  /** The hydrated island's handling; without one the button submits its form (onSubmit). */
  onClick?: () => void;
  className?: string;
  disabled?: boolean;
  children: ReactNode;
};

/** A submit button of a step's form, naming its intent; a secondary one skips the form's validation. */
export function IntentButton({ intent, onClick, className = "button", disabled, children }: ButtonProps) {
  const click = onClick
    ? (event: MouseEvent<HTMLButtonElement>) => {
        event.preventDefault();
        onClick();
      }
    : undefined;
  return (
    <button type="submit" name="intent" value={intent} className={className} disabled={disabled} onClick={click} formNoValidate={onClick ? true : undefined}>
      {children}
    </button>
  );
}

/** "Check the payment": the page again (a GET of its own address), or the island's refetch once hydrated. */
export function CheckAgainForm({ onCheck, checking, label }: { onCheck: () => void; checking: boolean; label: string }) {
  const { pagePath } = useContext(CheckoutAddresses);
  return (
    <form
      method="get"
      action={pagePath}
      onSubmit={(event) => {
        event.preventDefault();
        onCheck();
      }}
    >
      <button type="submit" className="button" disabled={checking}>
        {label}
      </button>
    </form>
  );
}

/** "Another number" and "another way to pay" for the attempt under way (its form's intents otherNumber and otherMethod). */
export function OtherNumberOrMethod({ onChangeNumber, onChangeMethod, numberLabel, methodLabel }: { onChangeNumber: () => void; onChangeMethod: () => void; numberLabel: string; methodLabel: string }) {
  return (
    <>
      <IntentButton intent="otherNumber" className="link-button" onClick={onChangeNumber}>
        {numberLabel}
      </IntentButton>
      <IntentButton intent="otherMethod" className="link-button" onClick={onChangeMethod}>
        {methodLabel}
      </IntentButton>
    </>
  );
}
