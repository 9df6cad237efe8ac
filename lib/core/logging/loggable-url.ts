// What of a request's URL a log line may print: the path only, without the query string (where
// callers put tokens and keys; logs are kept and shipped), and without the segments that are
// secrets themselves: the SMS delivery reports' callback carries its secret as the segment after
// delivery-reports (lib/features/link-sends/receive-delivery-report.ts). server/app-server.cjs,
// plain CommonJS outside the build, applies the same rule (its loggableUrl; a test keeps them alike),
// and deploy/nginx.conf logs the same form.

const SECRET_TAIL = /(\/api\/sms\/[^/]*\/delivery-reports)\/.*$/i;

export function loggableUrl(url: string): string {
  const cut = url.search(/[?#]/);
  const path = cut < 0 ? url : url.slice(0, cut);
  return path.replace(SECRET_TAIL, "$1/[redacted]");
}
