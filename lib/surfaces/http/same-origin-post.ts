// A form post from one of our own pages, for the route handlers that take plain HTML forms (the
// checkout's steps without JavaScript: app/pay/[reference]/form). Next checks this itself for
// server actions; a route handler must do it. Browsers send Origin on every POST (our
// Referrer-Policy, same-origin, keeps it from being "null"); an older one that sends none still
// sends a Referer within our origin, or Sec-Fetch-Site. A post with none of them is refused.

export function isSameOriginPost(request: { headers: Headers }, ourOrigins: string | readonly string[]): boolean {
  const ours = typeof ourOrigins === "string" ? [ourOrigins] : ourOrigins;
  const origin = request.headers.get("origin");
  if (origin) return ours.includes(origin);
  const referer = request.headers.get("referer");
  if (referer) {
    try {
      return ours.includes(new URL(referer).origin);
    } catch {
      return false;
    }
  }
  return request.headers.get("sec-fetch-site") === "same-origin";
}
