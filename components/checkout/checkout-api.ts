import type { RefusalRule } from "@/lib/core/errors/refusal-rules";
import type { CheckoutState } from "@/lib/features/checkout/checkout-state";

// The checkout island's calls to /api/checkout/{reference}: one place for fetch and errors.

/** The checkout API's refusal (its rule, lib/core/errors/refusal-rules.ts), or "network" when it could not be reached. */
export class CheckoutError extends Error {
  constructor(readonly rule: RefusalRule | "network" | undefined) {
    super(rule ?? "refused");
  }
}

async function send(url: string, init?: RequestInit): Promise<CheckoutState> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, headers: { "content-type": "application/json" }, cache: "no-store" });
  } catch {
    throw new CheckoutError("network");
  }
  const body = await response.json().catch(() => null);
  // The checkout API's errors name their rule (its routes' refusalInBody).
  if (!response.ok) throw new CheckoutError(body?.error?.rule);
  return body as CheckoutState;
}

export const checkoutApi = (base: string) => ({
  state: () => send(base),
  start: (input: { gatewayName: string; country: string; customerPhone: string }) =>
    send(`${base}/attempts`, { method: "POST", body: JSON.stringify(input) }),
  confirmOtp: (otp: string) => send(`${base}/otp`, { method: "POST", body: JSON.stringify({ otp }) }),
});

export const checkoutQueryKey = (reference: string) => ["checkout", reference] as const;
