"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { CheckoutState } from "@/lib/features/checkout/checkout-state";
import { checkoutApi, checkoutQueryKey } from "./checkout-api";

/** Polls while the operator has not answered, slowing down from 1 s to 5 s to spare slow networks. */
function pollInterval(state: CheckoutState | undefined, updates: number): number | false {
  if (!state || state.status !== "pending" || state.attempt?.status !== "pending" || state.attempt.paymentType === "OTP") return false;
  return Math.min(1000 * 1.3 ** updates, 5000);
}

type Source = { reference: string; apiBase: string; initialState: CheckoutState; expiresAt: string };

/**
 * The checkout's state as the API last gave it: from the server's render first, then polled while
 * an attempt waits on its operator, asked again when the link's time runs out, and replaced by the
 * answers of the customer's own actions (`apply`).
 */
export function useCheckoutState({ reference, apiBase, initialState, expiresAt }: Source) {
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

  // A link left open on the screen turns to "expired" when its time comes, without a reload.
  useEffect(() => {
    const wait = Date.parse(expiresAt) - Date.now();
    const timer = setTimeout(() => queryClient.invalidateQueries({ queryKey: checkoutQueryKey(reference) }), Math.max(0, wait) + 500);
    return () => clearTimeout(timer);
  }, [expiresAt, queryClient, reference]);

  return {
    state,
    /** A read of the state is under way (a poll, "check again"). */
    checking: isFetching,
    api,
    apply: (next: CheckoutState) => queryClient.setQueryData(checkoutQueryKey(reference), next),
    checkNow: () => queryClient.invalidateQueries({ queryKey: checkoutQueryKey(reference) }),
    // A refetch already in flight (a poll, the window regaining focus) would answer with the state
    // from before the mutation, after it, and undo it: cancel it first.
    cancelRefetch: () => queryClient.cancelQueries({ queryKey: checkoutQueryKey(reference) }),
  };
}
