/**
 * The origin the client reached us at, for the URLs we hand back (paymentUrl, a REDIRECT url, a
 * form's 303, the pages' QR codes): from the Host header, or a proxy's X-Forwarded-Host/-Proto.
 * PAYMENT_BASE_URL overrides it for paymentUrl.
 *
 * Headers only, so a page (next/headers) and a route (request.headers) ask the same way: a
 * request's URL would not help. Next reports its own bind address there, and sets
 * X-Forwarded-Host and -Proto on everything it serves (from Host, or that bind address); the
 * API lane's Requests are all http://localhost (lib/surfaces/api-routes/api-lane.ts), which is
 * what the fallback gives a client that sends no Host (HTTP/1.0). Our server speaks plain HTTP
 * (server/app-server.cjs): behind TLS a proxy says so in X-Forwarded-Proto.
 */
export function hostOrigin(headers: Pick<Headers, "get">): string {
  const host = headers.get("x-forwarded-host")?.split(",")[0].trim() || headers.get("host") || "localhost";
  const proto = headers.get("x-forwarded-proto")?.split(",")[0].trim() || "http";
  return `${proto}://${host}`;
}
