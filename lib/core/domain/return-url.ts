/** The merchant's returnUrl with the payment's reference and status added (its own query kept). */
export function returnUrlWith(returnUrl: string | null, reference: string, status: string): string | null {
  if (!returnUrl) return null;
  const url = new URL(returnUrl);
  url.searchParams.set("reference", reference);
  url.searchParams.set("status", status);
  return url.toString();
}
