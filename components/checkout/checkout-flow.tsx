"use client";

import { QueryClient, QueryClientProvider, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { readChoicesBeforeHydration } from "./choices-before-hydration";
import { ISLAND_MARK } from "./waiting-poller";
import type { CheckoutState } from "@/lib/features/checkout/checkout-state";
import { countryOfPhone } from "@/lib/core/domain/dial-codes";
import { isLocalNumber, localToE164 } from "@/lib/core/domain/phone";
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
  const [countryCode, setCountryCode] = useState(initialCountry);
  const country = countries.find((c) => c.code === countryCode) ?? countries[0];
  const [gatewayName, setGatewayName] = useState(initialGateway ?? country?.gateways[0]?.name ?? "");
  const gateway = country?.gateways.find((g) => g.name === gatewayName) ?? country?.gateways[0];
  const [national, setNational] = useState(initialNational ?? "");
  // A wrong code posted without JavaScript: the error says the tries left, as the island's does.
  const [error, setError] = useState<CheckoutErrorView>(
    initialError ? { key: initialError, count: initialError === "wrongCode" ? (initialState.attempt?.triesLeft ?? undefined) : undefined } : null,
  );
  const heading = useRef<HTMLHeadingElement>(null);
  // A country or method picked on the server-drawn form before the scripts ran is kept (issue 35):
  // read as hydration starts, applied once mounted. Not rendered, so server and client agree.
  const [choicesBeforeHydration] = useState(readChoicesBeforeHydration);
  useEffect(() => {
    const picked = choicesBeforeHydration && countries.find((c) => c.code === choicesBeforeHydration.country);
    if (!picked || step !== "gateway") return;
    const pickedGateway = picked.gateways.find((g) => g.name === choicesBeforeHydration.gateway) ?? (picked.code === countryCode ? null : picked.gateways[0]);
    setCountryCode(picked.code);
    if (pickedGateway) setGatewayName(pickedGateway.name);
    // Once, on mount: later choices are the island's own.
  }, []);

  const digits = national.replace(/\D/g, "");
  // The same rule as the dashboard's phone fields (lib/core/domain/phone.ts).
  const phoneValid = isLocalNumber(digits);
  const phone = localToE164(country?.dialCode ?? "", digits);

  const apply = (next: CheckoutState) => queryClient.setQueryData(checkoutQueryKey(reference), next);
  // A refetch already in flight (a poll, the window regaining focus) would answer with the state
  // from before the mutation, after it, and undo it: cancel it first.
  const cancelRefetch = () => queryClient.cancelQueries({ queryKey: checkoutQueryKey(reference) });
  // A new code needs the phone number; after a reload the page no longer knows it, so ask again.
  // The number of the last attempt: typed in this page, or known to the server (an attempt its form started).
  const attemptPhone = phoneValid ? phone : (knownPhone ?? null);
  const newCode = () => {
    setError(null);
    if (!attemptPhone) return setStep("phone");
    // The last attempt's own method (the page may have moved on to another country's list since).
    if (attempt) retryWith(attempt.gatewayName);
    start.mutate(attempt ? { gatewayName: attempt.gatewayName, phone: attemptPhone } : undefined);
  };
  const start = useMutation({
    onMutate: cancelRefetch,
    mutationFn: (same?: { gatewayName: string; phone: string }) => {
      const home = same ? (countries.find((c) => c.code === countryCode && c.gateways.some((g) => g.name === same.gatewayName)) ?? countries.find((c) => c.gateways.some((g) => g.name === same.gatewayName))) : country;
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

  // Move focus to each new step's heading, so screen readers announce where the customer is.
  useEffect(() => heading.current?.focus(), [step, state.status, attempt?.status, attempt?.paymentType]);

  // A link left open on the screen turns to "expired" when its time comes, without a reload.
  useEffect(() => {
    const wait = Date.parse(expiresAt) - Date.now();
    const timer = setTimeout(() => queryClient.invalidateQueries({ queryKey: checkoutQueryKey(reference) }), Math.max(0, wait) + 500);
    return () => clearTimeout(timer);
  }, [expiresAt, queryClient, reference]);

  // Retry with the failed attempt's method: its country and gateway picked again (gateway names
  // are per country), the number typed in this page kept when there is one.
  const retryWith = (gatewayNameOfAttempt: string) => {
    const home = countries.find((c) => c.code === countryCode && c.gateways.some((g) => g.name === gatewayNameOfAttempt))
      ?? countries.find((c) => c.gateways.some((g) => g.name === gatewayNameOfAttempt));
    if (!home) return false;
    setCountryCode(home.code);
    setGatewayName(gatewayNameOfAttempt);
    return true;
  };

  const pickScreen = () => {
    if (!state.payable) {
      return <FinalScreen state={state} merchant={merchant} receiptHref={`${pagePath}/receipt`} />;
    }

    if (state.status === "failed" && step === "attempt") {
      const failedGateway = attempt?.gatewayName ?? gateway?.name ?? "";
      const provider = countries.flatMap((c) => c.gateways).find((g) => g.name === failedGateway)?.provider ?? failedGateway;
      const sameMethod = () => retryWith(failedGateway);
      const sameNumberKnown = attempt !== null && ((phoneValid && gateway?.name === attempt.gatewayName) || !!knownPhone);
      const samePhone = phoneValid && gateway?.name === attempt?.gatewayName ? phone : (knownPhone ?? null);
      return (
        <RetryScreen
          failureReason={state.failureReason}
          provider={provider}
          merchant={merchant}
          returnUrl={state.returnUrl}
          phone={sameNumberKnown ? samePhone : null}
          onTryAgain={() => {
            setError(null);
            // Same method and number: start at once. After a reload the number may not be known here: ask for it.
            if (sameNumberKnown && samePhone && attempt) {
              sameMethod();
              return start.mutate({ gatewayName: attempt.gatewayName, phone: samePhone });
            }
            setStep(sameMethod() ? "phone" : "gateway");
          }}
          onOtherNumber={() => {
            setError(null);
            setNational("");
            setStep(sameMethod() ? "phone" : "gateway");
          }}
          onOtherMethod={() => {
            setError(null);
            setStep("gateway");
          }}
          starting={start.isPending}
          error={error}
          headingRef={heading}
        />
      );
    }

    if (state.paymentInProgress) {
      const checkAgain = () => queryClient.invalidateQueries({ queryKey: checkoutQueryKey(reference) });
      return <PaymentInProgress onCheckAgain={checkAgain} checking={isFetching} />;
    }
    const checkNow = () => queryClient.invalidateQueries({ queryKey: checkoutQueryKey(reference) });
    // Leaving an attempt for another number or method: the choices kept, the number cleared.
    const otherNumber = () => {
      setError(null);
      setNational("");
      if (attempt) retryWith(attempt.gatewayName);
      setStep("phone");
    };
    const otherMethod = () => {
      setError(null);
      setStep("gateway");
    };

    if (step === "attempt" && attempt) {
      const provider = countries.flatMap((c) => c.gateways).find((g) => g.name === attempt.gatewayName)?.provider ?? attempt.gatewayName;
      if (attempt.status === "expired") {
        const restart = () => {
          setError(null);
          setStep("gateway");
        };
        return (
          <AttemptExpiredScreen
            otp={attempt.paymentType === "OTP"}
            onNewCode={newCode}
            onChangeMethod={restart}
            starting={start.isPending}
            error={error}
            headingRef={heading}
          />
        );
      }
      if (attempt.paymentType === "OTP") {
        return (
          <OtpScreen
            phone={attemptPhone}
            triesLeft={attempt.triesLeft ?? 0}
            customerGenerated={attempt.codeFrom === "customer"}
            provider={provider}
            onConfirm={(otp) => confirm.mutate(otp)}
            onNewCode={newCode}
            onChangeNumber={otherNumber}
            onChangeMethod={otherMethod}
            confirming={confirm.isPending}
            error={error}
            headingRef={heading}
          />
        );
      }
      if (attempt.paymentType === "REDIRECT") {
        return <RedirectScreen url={attempt.url} provider={provider} lastTryFailure={attempt.lastTryFailure} error={error} headingRef={heading} />;
      }
      return <DirectScreen phone={attemptPhone ?? ""} provider={provider} error={error} headingRef={heading} onCheck={checkNow} checking={isFetching} />;
    }

    if (step === "phone" && gateway) {
      const onNational = (value: string) => {
        // A full international number pasted in picks its own country.
        const pasted = value.startsWith("+") ? countryOfPhone(value) : null;
        const pastedCountry = pasted ? countries.find((c) => c.code === pasted) : undefined;
        if (!pastedCountry) return setNational(value);
        setCountryCode(pastedCountry.code);
        if (!pastedCountry.gateways.some((g) => g.name === gatewayName)) setGatewayName(pastedCountry.gateways[0].name);
        setNational(value.replace(/\D/g, "").slice(pastedCountry.dialCode.length));
      };
      return (
        <PhoneScreen
          country={country}
          gateway={gateway}
          national={national}
          phoneValid={phoneValid}
          onNational={onNational}
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
        onCountry={(code) => {
          const next = countries.find((c) => c.code === code)!;
          setCountryCode(next.code);
          setGatewayName(next.gateways[0].name);
        }}
        onGateway={setGatewayName}
        onContinue={() => setStep("phone")}
        error={error}
        headingRef={heading}
      />
    );
  };
  return { state, screen: pickScreen() };
}
