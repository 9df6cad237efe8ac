import type { CheckoutState } from "@/lib/features/checkout/checkout-state";

// The checkout island's calls to /api/checkout/{reference}: one place for fetch and errors.

export class CheckoutError extends Error {
  constructor(readonly code: number | "network" | "paymentInProgress") {
    super(String(code));
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
  // 409/40020: another checkout's payment is in progress (400/40020 is a closed link).
  if (response.status === 409 && body?.error?.code === 40020) throw new CheckoutError("paymentInProgress");
  if (!response.ok) throw new CheckoutError(body?.error?.code ?? response.status);
  return body as CheckoutState;
}

export const checkoutApi = (base: string) => ({
  state: () => send(base),
  start: (input: { gatewayName: string; country: string; customerPhone: string }) =>
    send(`${base}/attempts`, { method: "POST", body: JSON.stringify(input) }),
  confirmOtp: (otp: string) => send(`${base}/otp`, { method: "POST", body: JSON.stringify({ otp }) }),
});

export const checkoutQueryKey = (reference: string) => ["checkout", reference] as const;
