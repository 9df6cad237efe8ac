"use client";

import { QueryClient, QueryClientProvider, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { ISLAND_MARK } from "./waiting-poller";
import type { CheckoutState } from "@/lib/features/checkout/checkout-state";
import { checkoutErrorKey, type CheckoutErrorKey, type CheckoutStep } from "@/lib/features/checkout/checkout-steps";
import { checkoutApi, CheckoutError, checkoutQueryKey } from "./checkout-api";
import { AttemptExpiredScreen } from "./attempt-expired-screen";
import type { CheckoutCountryView } from "./checkout-types";
import { DirectScreen } from "./direct-screen";
import type { CheckoutErrorView } from "./error-alert";
import { FinalScreen } from "./final-screen";
import { PaymentInProgress } from "./payment-in-progress";
import { GatewayScreen } from "./gateway-screen";
import { OtpScreen } from "./otp-screen";
import { PhoneScreen } from "./phone-screen";
import { RedirectScreen } from "./redirect-screen";
import { RetryScreen } from "./retry-screen";
import { CheckoutAddresses } from "./step-form";
import { useCheckoutChoices } from "./use-checkout-choices";

type Props = {
  reference: string;
  apiBase: string;
  merchant: string;
  countries: CheckoutCountryView[];
  initialCountry: string;
  /**
   * The step and choices in the page's address (lib/features/checkout/checkout-steps.ts): where a
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
      <CheckoutAddresses.Provider value={{ formAction: props.formAction, pagePath: props.pagePath }}>
        <Flow {...props} />
      </CheckoutAddresses.Provider>
    </QueryClientProvider>
  );
}

/** Polls while the operator has not answered, slowing down from 1 s to 5 s to spare slow networks. */
function pollInterval(state: CheckoutState | undefined, updates: number): number | false {
  if (!state || state.status !== "pending" || state.attempt?.status !== "pending" || state.attempt.paymentType === "OTP") return false;
  return Math.min(1000 * 1.3 ** updates, 5000);
}

function errorKey(error: unknown): string {
  return checkoutErrorKey(error instanceof CheckoutError ? error.code : "network");
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

/** The checkout's state (polled, moved on by the customer's actions) and the screen for it. */
function useCheckoutScreen({
  reference, apiBase, merchant, countries, initialCountry, initialState, expiresAt, initialStep, initialGateway, initialNational, initialError, knownPhone, pagePath,
}: Omit<Props, "whilePending" | "whenFailed">) {
  const api = checkoutApi(apiBase);
  const queryClient = useQueryClient();
  const { data: state, isFetching } = useQuery({
    queryKey: checkoutQueryKey(reference),
    queryFn: api.state,
    initialData: initialState,
    // The server rendered this state a moment ago; but it cannot see the checkout cookie (scoped
    // to the API), so a live attempt may be this customer's own: ask the API, which can.
    refetchOnMount: initialState.paymentInProgress ? "always" : false,
    refetchInterval: (query) => pollInterval(query.state.data, query.state.dataUpdateCount),
  });
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

  const apply = (next: CheckoutState) => queryClient.setQueryData(checkoutQueryKey(reference), next);
  const checkNow = () => queryClient.invalidateQueries({ queryKey: checkoutQueryKey(reference) });
  // A refetch already in flight (a poll, the window regaining focus) would answer with the state
  // from before the mutation, after it, and undo it: cancel it first.
  const cancelRefetch = () => queryClient.cancelQueries({ queryKey: checkoutQueryKey(reference) });
  // A new code needs the phone number; after a reload the page no longer knows it, so ask again.
  // The number of the last attempt: typed in this page, or known to the server (an attempt its form started).
  const attemptPhone = phoneValid ? phone : (knownPhone ?? null);
  const start = useMutation({
    onMutate: cancelRefetch,
    mutationFn: (same?: { gatewayName: string; phone: string }) => {
      const home = same ? choices.countryOf(same.gatewayName) : country;
      return api.start({ gatewayName: same?.gatewayName ?? gateway!.name, country: home?.code ?? country!.code, customerPhone: same?.phone ?? phone });
    },
    onSuccess: (next) => {
      setError(null);
      apply(next);
      setStep("attempt");
      if (next.attempt?.paymentType === "REDIRECT" && next.attempt.url) window.location.assign(next.attempt.url);
    },
    onError: (e) => setError({ key: errorKey(e) }),
  });
  const confirm = useMutation({
    onMutate: cancelRefetch,
    mutationFn: (otp: string) => api.confirmOtp(otp),
    onSuccess: (next) => {
      setError(null);
      apply(next);
    },
    onError: async (e) => {
      const fresh = await api.state().catch(() => null);
      if (fresh) apply(fresh);
      setError({ key: errorKey(e), count: fresh?.attempt?.triesLeft ?? undefined });
    },
  });
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

  // A link left open on the screen turns to "expired" when its time comes, without a reload.
  useEffect(() => {
    const wait = Date.parse(expiresAt) - Date.now();
    const timer = setTimeout(() => queryClient.invalidateQueries({ queryKey: checkoutQueryKey(reference) }), Math.max(0, wait) + 500);
    return () => clearTimeout(timer);
  }, [expiresAt, queryClient, reference]);

  const providerOf = (gatewayName: string) => countries.flatMap((c) => c.gateways).find((g) => g.name === gatewayName)?.provider ?? gatewayName;

  /** A failed attempt on a link still payable: try again the same way, with another number, or another method. */
  const retryScreen = () => {
    const failedGateway = attempt?.gatewayName ?? gateway?.name ?? "";
    const typedForIt = phoneValid && gateway?.name === attempt?.gatewayName;
    const samePhone = typedForIt ? phone : (knownPhone ?? null);
    const sameNumberKnown = attempt !== null && (typedForIt || !!knownPhone);
    return (
      <RetryScreen
        failureReason={state.failureReason}
        provider={providerOf(failedGateway)}
        merchant={merchant}
        returnUrl={state.returnUrl}
        phone={sameNumberKnown ? samePhone : null}
        onTryAgain={() => {
          setError(null);
          // Same method and number: start at once. After a reload the number may not be known here: ask for it.
          if (sameNumberKnown && samePhone && attempt) {
            choices.chooseGatewayWithCountry(failedGateway);
            return start.mutate({ gatewayName: attempt.gatewayName, phone: samePhone });
          }
          goTo(choices.chooseGatewayWithCountry(failedGateway) ? "phone" : "gateway");
        }}
        onOtherNumber={() => otherNumber(failedGateway)}
        onOtherMethod={() => goTo("gateway")}
        starting={start.isPending}
        error={error}
        headingRef={heading}
      />
    );
  };

  /** The attempt under way (or just expired): its operator's own step. */
  const attemptScreen = (current: NonNullable<CheckoutState["attempt"]>) => {
    const provider = providerOf(current.gatewayName);
    if (current.status === "expired") {
      return (
        <AttemptExpiredScreen
          otp={current.paymentType === "OTP"}
          onNewCode={newCode}
          onChangeMethod={() => goTo("gateway")}
          starting={start.isPending}
          error={error}
          headingRef={heading}
        />
      );
    }
    if (current.paymentType === "OTP") {
      return (
        <OtpScreen
          phone={attemptPhone}
          triesLeft={current.triesLeft ?? 0}
          customerGenerated={current.codeFrom === "customer"}
          provider={provider}
          onConfirm={(otp) => confirm.mutate(otp)}
          onNewCode={newCode}
          onChangeNumber={() => otherNumber(current.gatewayName)}
          onChangeMethod={() => goTo("gateway")}
          confirming={confirm.isPending}
          error={error}
          headingRef={heading}
        />
      );
    }
    if (current.paymentType === "REDIRECT") {
      return <RedirectScreen url={current.url} provider={provider} lastTryFailure={current.lastTryFailure} error={error} headingRef={heading} />;
    }
    return <DirectScreen phone={attemptPhone ?? ""} provider={provider} error={error} headingRef={heading} onCheck={checkNow} checking={isFetching} />;
  };

  const pickScreen = () => {
    if (!state.payable) return <FinalScreen state={state} merchant={merchant} receiptHref={`${pagePath}/receipt`} />;
    if (state.status === "failed" && step === "attempt") return retryScreen();
    if (state.paymentInProgress) return <PaymentInProgress onCheckAgain={checkNow} checking={isFetching} />;
    if (step === "attempt" && attempt) return attemptScreen(attempt);
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
