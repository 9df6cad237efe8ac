import { publicBaseUrl } from "@/lib/core/domain/public-base-url";

/**
 * The origin the client reached us at, for the URLs we hand back (paymentUrl, a REDIRECT url,
 * the pages' QR codes): from the Host header, or a proxy's X-Forwarded-Host/-Proto.
 * PAYMENT_BASE_URL overrides it for paymentUrl. Redirects use redirectOrigin (below).
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

/**
 * The origin to hand paymentUrl/pageUrl for a redirect we answer (a customer form's 303): those
 * build on the configured public address (PAYMENT_BASE_URL, in production BETTER_AUTH_URL), and
 * fall back to this only in development. Never X-Forwarded-Host: a proxy that passes the client's
 * own on (deploy/nginx.conf did) let anyone have us answer `Location: http://evil.example/...`,
 * which a shared cache could keep for others (issue 46). The Host is what the client connected to.
 */
export function redirectOrigin(headers: Pick<Headers, "get">): string {
  const proto = headers.get("x-forwarded-proto")?.split(",")[0].trim() || "http";
  return `${proto}://${headers.get("host") || "localhost"}`;
}

/**
 * The origins our own pages post a customer's form from (for isSameOriginPost): the public
 * address's, and the Host's (development, or a host the proxy forwards as it is). Not
 * X-Forwarded-Host either: a victim's browser cannot forge a Host, but anyone can send that header.
 */
export function formOrigins(headers: Pick<Headers, "get">, env: NodeJS.ProcessEnv = process.env): string[] {
  const host = redirectOrigin(headers);
  return [...new Set([host, new URL(publicBaseUrl(host, env)).origin])];
}
