import { NextResponse, type NextRequest } from "next/server";
import { environmentFromPath } from "@/lib/domain/environment";
import { ENVIRONMENT_HEADER } from "@/lib/http/environment-header";

// One route tree serves both environments: "/test/..." is the sandbox. The prefix is stripped
// here and the environment passed on in a header that is always overwritten, so the path is
// the only way a client picks it.
export function proxy(request: NextRequest) {
  const { environment, pathname } = environmentFromPath(request.nextUrl.pathname);
  const headers = new Headers(request.headers);
  headers.set(ENVIRONMENT_HEADER, environment);
  if (environment === "live") return NextResponse.next({ request: { headers } });
  const url = request.nextUrl.clone();
  url.pathname = pathname;
  return NextResponse.rewrite(url, { request: { headers } });
}

export const config = {
  matcher: ["/((?!_next/static|_next/image|favicon.ico).*)"],
};
