/**
 * The app's public base URL for addresses handed to others (paymentUrl, the operators' callback
 * and return URLs): PAYMENT_BASE_URL, and only when it is unset (a development server) the origin
 * of the request. Behind a proxy the request's origin may be an internal host, which an operator
 * cannot call back and a customer's browser cannot reach: production sets PAYMENT_BASE_URL.
 */
export function publicBaseUrl(origin: string): string {
  return (process.env.PAYMENT_BASE_URL || origin).replace(/\/+$/, "");
}
