import { NextResponse, type NextRequest } from "next/server";
import { environmentFromPath } from "@/lib/domain/environment";
import { ENVIRONMENT_HEADER } from "@/lib/http/environment-header";
import { isDecodablePath, malformedPathResponse } from "@/lib/http/malformed-path";
import { COMMON_SECURITY_HEADERS, contentSecurityPolicy, HSTS, isApiPath, isNoncePage, newNonce, wantsHsts } from "@/lib/http/security-headers";

// One route tree serves both environments: "/test/..." is the sandbox. The prefix is stripped
// here and the environment passed on in a header that is always overwritten, so the path is
// the only way a client picks it. Security headers are set here too, for every kind of answer.
export function proxy(request: NextRequest) {
  const { environment, pathname } = environmentFromPath(request.nextUrl.pathname);
  if (!isDecodablePath(pathname)) return malformedPathResponse(isApiPath(pathname));
  const headers = new Headers(request.headers);
  headers.set(ENVIRONMENT_HEADER, environment);

  const responseHeaders: Record<string, string> = { ...COMMON_SECURITY_HEADERS };
  if (wantsHsts(request.nextUrl.protocol, request.headers.get("x-forwarded-proto"))) responseHeaders["strict-transport-security"] = HSTS;
  if (isApiPath(pathname)) {
    responseHeaders["cache-control"] = "no-store";
  } else if (isNoncePage(pathname)) {
    // Next takes the nonce for its scripts from the request's policy header.
    const csp = contentSecurityPolicy(newNonce());
    headers.set("content-security-policy", csp);
    responseHeaders["content-security-policy"] = csp;
  }

  let response: NextResponse;
  if (environment === "live") {
    response = NextResponse.next({ request: { headers } });
  } else {
    const url = request.nextUrl.clone();
    url.pathname = pathname;
    response = NextResponse.rewrite(url, { request: { headers } });
  }
  for (const [name, value] of Object.entries(responseHeaders)) response.headers.set(name, value);
  return response;
}

export const config = {
  matcher: ["/((?!_next/static|_next/image|favicon.ico).*)"],
};
