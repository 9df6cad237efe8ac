/**
 * A request's headers as better-auth reads them on a direct auth.api call (the support view's
 * session, sign-in and sign-out): it finds its base URL from the Host header, which a Request
 * built in process (tests) does not carry; its URL has it.
 */
export function authHeaders(request: Request): Headers {
  const headers = new Headers(request.headers);
  if (!headers.has("host")) headers.set("host", new URL(request.url).host);
  return headers;
}
