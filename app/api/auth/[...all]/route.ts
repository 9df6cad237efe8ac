import { toNextJsHandler } from "better-auth/next-js";
import { auth } from "@/lib/features/auth/auth";
import { withoutSupportSession } from "@/lib/surfaces/http/without-support-session";
import { routeMethods } from "@/lib/surfaces/http/route-methods";
import { withClientAddress } from "@/lib/core/request/client-address";

// The dashboard's accounts (sign-up, sign-in, verification, reset, two-factor, teams): better-auth's
// own endpoints, used by the dashboard pages. Not part of the merchant API, so no sandbox path.
// better-auth's limiter runs before anything else sees the request: the client's address goes in
// first, by the service's rule (lib/core/request/client-address.ts), over any value the client sent.
// Other methods get the API's 400/40017 envelope with Allow, as every API path does; Next hands HEAD
// to GET, which better-auth answers as it answers any route it does not have.
async function handler(request: Request) {
  const asked = await withoutSupportSession(request);
  const { GET, POST } = toNextJsHandler(auth());
  const answer = await (request.method === "POST" ? POST : GET)(new Request(asked, { headers: withClientAddress(asked.headers) }));
  return carriesMailedToken(request) ? withoutReferrer(answer) : answer;
}

// The mailed links' own addresses hold their token (/reset-password/<token>, /verify-email?token=):
// their answers (redirects, no page) say not to pass it on as a Referer, whatever the site's policy.
const MAILED_LINK = /^\/api\/auth\/(reset-password\/[^/]+|verify-email)\/?$/;
const carriesMailedToken = (request: Request) => request.method === "GET" && MAILED_LINK.test(new URL(request.url).pathname);

function withoutReferrer(answer: Response) {
  const headers = new Headers(answer.headers);
  headers.set("referrer-policy", "no-referrer");
  return new Response(answer.body, { status: answer.status, statusText: answer.statusText, headers });
}

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ GET: handler, POST: handler });
