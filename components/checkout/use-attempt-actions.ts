"use client";

import { useMutation } from "@tanstack/react-query";
import type { CheckoutState } from "@/lib/features/checkout/checkout-state";
import { checkoutErrorKey } from "@/lib/surfaces/checkout/checkout-steps";
import { CheckoutError, type checkoutApi } from "./checkout-api";
import type { CheckoutErrorView } from "./error-alert";
import type { useCheckoutChoices } from "./use-checkout-choices";

function errorKey(error: unknown): string {
  return checkoutErrorKey(error instanceof CheckoutError ? error.rule : "network");
}

type Needs = {
  api: ReturnType<typeof checkoutApi>;
  choices: ReturnType<typeof useCheckoutChoices>;
  /** Shows the API's answer as the checkout's state (useCheckoutState's apply). */
  apply: (next: CheckoutState) => void;
  cancelRefetch: () => void;
  setError: (error: CheckoutErrorView) => void;
  /** An attempt started: the flow moves to its step. */
  onStarted: () => void;
};

/**
 * The customer's two writes: starting an attempt (with the method and number chosen, or the same
 * ones again) and confirming a one-time code. Each answer becomes the checkout's state; a failure
 * becomes the step's error.
 */
export function useAttemptActions({ api, choices, apply, cancelRefetch, setError, onStarted }: Needs) {
  const { country, gateway, phone } = choices;
  const start = useMutation({
    onMutate: cancelRefetch,
    mutationFn: (same?: { gatewayName: string; phone: string }) => {
      const home = same ? choices.countryOf(same.gatewayName) : country;
      return api.start({ gatewayName: same?.gatewayName ?? gateway!.name, country: home?.code ?? country!.code, customerPhone: same?.phone ?? phone });
    },
    onSuccess: (next) => {
      setError(null);
      apply(next);
      onStarted();
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
  return { start, confirm };
}
