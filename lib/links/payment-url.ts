import { pathPrefix, type Environment } from "@/lib/domain/environment";

/** `${PAYMENT_BASE_URL}/pay/{reference}`, with the sandbox page under /test; the default base is the app's origin. */
export function paymentUrl(reference: string, environment: Environment, origin: string): string {
  const base = (process.env.PAYMENT_BASE_URL || origin).replace(/\/+$/, "");
  return `${base}${pathPrefix(environment)}/pay/${reference}`;
}
