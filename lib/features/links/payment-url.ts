import { pathPrefix, type Environment } from "@/lib/core/domain/environment";
import { publicBaseUrl } from "@/lib/core/domain/public-base-url";

/** `${PAYMENT_BASE_URL}/pay/{reference}`, with the sandbox page under /test; the default base is the app's origin. */
export function paymentUrl(reference: string, environment: Environment, origin: string): string {
  return `${publicBaseUrl(origin)}${pathPrefix(environment)}/pay/${reference}`;
}
