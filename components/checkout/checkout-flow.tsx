"use client";

import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { ISLAND_MARK } from "./waiting-poller";
import type { CheckoutAttempt, CheckoutState } from "@/lib/features/checkout/checkout-state";
import type { CheckoutErrorKey, CheckoutStep } from "@/lib/surfaces/checkout/checkout-steps";
import { AttemptScreen } from "./attempt-screen";
import type { CheckoutCountryView } from "./checkout-types";
import type { CheckoutErrorView } from "./error-alert";
import { FinalScreen } from "./final-screen";
import { PaymentInProgress } from "./payment-in-progress";
import { GatewayScreen } from "./gateway-screen";
import { PhoneScreen } from "./phone-screen";
import { RetryScreen } from "./retry-screen";
import { CheckoutAddresses } from "./step-form";
import { useAttemptActions } from "./use-attempt-actions";
import { useCheckoutChoices } from "./use-checkout-choices";
import { useCheckoutState } from "./use-checkout-state";

type Props = {
  reference: string;
  apiBase: string;
  merchant: string;
  countries: CheckoutCountryView[];
  initialCountry: string;
  /**
   * The step and choices in the page's address (lib/surfaces/checkout/checkout-steps.ts): where a
   * form posted without JavaScript, or before the scripts loaded, led. The island starts there.
   */
  initialStep?: CheckoutStep | null;
  initialGateway?: string | null;
  initialNational?: string;
  initialError?: CheckoutErrorKey | null;
  /** The number of this checkout's own last attempt, when the server knows it (an attempt started by a form). */
  knownPhone?: string | null;
  /** Where the steps' forms post, and the page's own address. */
  formAction: string;
  pagePath: string;
  /** The waiting screen's next reload without JavaScript, backing off (lib/surfaces/checkout/waiting-refresh.ts). */
  waitingRefresh: { seconds: number; url: string };
  initialState: CheckoutState;
  expiresAt: string;
  /**
   * What the server renders under the steps while the link can be paid (the QR code and share
   * button; the sandbox's magic values). Shown under the pending steps only: once the payment ends
   * here, sharing the link would send someone to a page that can no longer be paid.
   */
  whilePending?: ReactNode;
  /** The merchant's support contacts (dashboard settings), shown once a payment failed or the link expired here. */
  whenFailed?: ReactNode;
};

type Step = CheckoutStep;

export function CheckoutFlow(props: Props) {
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: 2, refetchOnWindowFocus: true } } }));
  return (
    <QueryClientProvider client={client}>
      <CheckoutAddresses.Provider value={{ formAction: props.formAction, pagePath: props.pagePath, waitingRefresh: props.waitingRefresh }}>
        <Flow {...props} />
      </CheckoutAddresses.Provider>
    </QueryClientProvider>
  );
}

function Flow({ whilePending, whenFailed, ...props }: Props) {
  const { state, screen } = useCheckoutScreen(props);
  // The page's inline waiting poller (waiting-poller.tsx) stops: the island polls from now on.
  useEffect(() => {
    (window as unknown as Record<string, boolean>)[ISLAND_MARK] = true;
  }, []);
  return (
    <>
      {screen}
      {state.payable && whilePending}
      {(state.status === "failed" || state.status === "expired") && whenFailed}
    </>
  );
}

/**
 * What "try again" reuses of a failed attempt: its method, and its number when this page knows it
 * (typed here for that method, or known to the server: after a reload the page may not know it).
 */
function sameWayAgain(attempt: CheckoutAttempt | null, typed: { gatewayName?: string; phoneValid: boolean; phone: string }, knownPhone: string | null | undefined) {
  const typedForIt = typed.phoneValid && typed.gatewayName === attempt?.gatewayName;
  const samePhone = typedForIt ? typed.phone : (knownPhone ?? null);
  const sameNumberKnown = attempt !== null && (typedForIt || !!knownPhone);
  return { gatewayName: attempt?.gatewayName ?? typed.gatewayName ?? "", phone: sameNumberKnown ? samePhone : null };
}

/** The checkout's state (polled, moved on by the customer's actions) and the screen for it. */
function useCheckoutScreen({
  reference, apiBase, merchant, countries, initialCountry, initialState, expiresAt, initialStep, initialGateway, initialNational, initialError, knownPhone, pagePath,
}: Omit<Props, "whilePending" | "whenFailed">) {
  const { state, checking, api, apply, checkNow, cancelRefetch } = useCheckoutState({ reference, apiBase, initialState, expiresAt });
  const attempt = state.attempt;
  // A failed attempt on a payable link opens on its failure and "try again" (after a reload too).
  // The address's step first (where the server's answer to a form led), then the state's.
  const [step, setStep] = useState<Step>(
    (initialStep === "attempt" && !attempt && !initialState.paymentInProgress ? null : initialStep) ??
      (attempt?.status === "pending" || initialState.paymentInProgress || initialState.status === "failed" ? "attempt" : "gateway"),
  );
  const choices = useCheckoutChoices({ countries, initialCountry, initialGateway, initialNational, startsOnFirstStep: step === "gateway" });
  const { country, gateway, phoneValid, phone } = choices;
  // A wrong code posted without JavaScript: the error says the tries left, as the island's does.
  const [error, setError] = useState<CheckoutErrorView>(
    initialError ? { key: initialError, count: initialError === "wrongCode" ? (initialState.attempt?.triesLeft ?? undefined) : undefined } : null,
  );
  const heading = useRef<HTMLHeadingElement>(null);
  /** Moves to `next` with the last error cleared. */
  const goTo = (next: Step) => {
    setError(null);
    setStep(next);
  };

  // A new code needs the phone number; after a reload the page no longer knows it, so ask again.
  // The number of the last attempt: typed in this page, or known to the server (an attempt its form started).
  const attemptPhone = phoneValid ? phone : (knownPhone ?? null);
  const { start, confirm } = useAttemptActions({ api, choices, apply, cancelRefetch, setError, onStarted: () => setStep("attempt") });
  const newCode = () => {
    setError(null);
    if (!attemptPhone) return setStep("phone");
    // The last attempt's own method (the page may have moved on to another country's list since).
    if (attempt) choices.chooseGatewayWithCountry(attempt.gatewayName);
    start.mutate(attempt ? { gatewayName: attempt.gatewayName, phone: attemptPhone } : undefined);
  };
  // Another number for the method just tried: its country and method picked again, the number
  // cleared; the methods' list when that method is no longer offered.
  const otherNumber = (gatewayName: string) => {
    choices.clearNumber();
    goTo(choices.chooseGatewayWithCountry(gatewayName) ? "phone" : "gateway");
  };

  // Move focus to each new step's heading, so screen readers announce where the customer is.
  useEffect(() => heading.current?.focus(), [step, state.status, attempt?.status, attempt?.paymentType]);

  const providerOf = (gatewayName: string) => countries.flatMap((c) => c.gateways).find((g) => g.name === gatewayName)?.provider ?? gatewayName;

  /** A failed attempt on a link still payable: try again the same way, with another number, or another method. */
  const retryScreen = () => {
    const again = sameWayAgain(attempt, { gatewayName: gateway?.name, phoneValid, phone }, knownPhone);
    return (
      <RetryScreen
        failureReason={state.failureReason}
        provider={providerOf(again.gatewayName)}
        merchant={merchant}
        returnUrl={state.returnUrl}
        phone={again.phone}
        onTryAgain={() => {
          setError(null);
          // Same method and number: start at once. After a reload the number may not be known here: ask for it.
          if (again.phone && attempt) {
            choices.chooseGatewayWithCountry(again.gatewayName);
            return start.mutate({ gatewayName: attempt.gatewayName, phone: again.phone });
          }
          goTo(choices.chooseGatewayWithCountry(again.gatewayName) ? "phone" : "gateway");
        }}
        onOtherNumber={() => otherNumber(again.gatewayName)}
        onOtherMethod={() => goTo("gateway")}
        starting={start.isPending}
        error={error}
        headingRef={heading}
      />
    );
  };

  const pickScreen = () => {
    if (!state.payable) return <FinalScreen state={state} merchant={merchant} receiptHref={`${pagePath}/receipt`} />;
    if (state.status === "failed" && step === "attempt") return retryScreen();
    if (state.paymentInProgress) return <PaymentInProgress onCheckAgain={checkNow} checking={checking} />;
    if (step === "attempt" && attempt) {
      return (
        <AttemptScreen
          attempt={attempt}
          provider={providerOf(attempt.gatewayName)}
          phone={attemptPhone}
          onConfirm={(otp) => confirm.mutate(otp)}
          onNewCode={newCode}
          onChangeNumber={() => otherNumber(attempt.gatewayName)}
          onChangeMethod={() => goTo("gateway")}
          onCheck={checkNow}
          starting={start.isPending}
          confirming={confirm.isPending}
          checking={checking}
          error={error}
          headingRef={heading}
        />
      );
    }
    if (step === "phone" && gateway) {
      return (
        <PhoneScreen
          country={country}
          gateway={gateway}
          national={choices.national}
          phoneValid={phoneValid}
          onNational={choices.typeNumber}
          onPay={() => start.mutate()}
          onBack={() => setStep("gateway")}
          paying={start.isPending}
          error={error}
          headingRef={heading}
        />
      );
    }
    return (
      <GatewayScreen
        countries={countries}
        country={country}
        gateway={gateway}
        onCountry={choices.chooseCountry}
        onGateway={choices.chooseGateway}
        onContinue={() => setStep("phone")}
        error={error}
        headingRef={heading}
      />
    );
  };
  return { state, screen: pickScreen() };
}
