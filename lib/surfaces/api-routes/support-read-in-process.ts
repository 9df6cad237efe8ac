import "server-only";
import { headers } from "next/headers";
import { answerResponse } from "@/lib/surfaces/http/json-answer";
import { createRouter, pathSegments } from "@/lib/surfaces/api-routes/router";
import { supportApiPath, type SupportParams } from "@/lib/surfaces/support/api-path";

// The support API's routes only: nothing else of the table can be reached from here.
const supportRoutes = createRouter(undefined, (route) => route.path.startsWith("/admin/api/"));

async function answerGet(request: Request, parts: string[]): Promise<Response> {
  const found = supportRoutes.match(parts);
  const handler = found?.route.handlers.GET;
  if (!found || !handler) return new Response(null, { status: 404 });
  if (typeof handler === "function") return handler(request, { params: Promise.resolve(found.params) });
  return answerResponse(await handler.answer(request, found));
}

/**
 * A GET of the support API made in process for a page's first render, as the page's browser would
 * make it: through the same route (lib/surfaces/api-routes/support-api), with the page request's
 * cookies, so the same staff session and role checks decide what it gets, and the same JSON the
 * browser's later reads get. Only the answer's status and body come back; a refusal is the
 * route's, never more.
 */
export async function readSupportApi(path: string, params?: SupportParams): Promise<{ status: number; body: unknown }> {
  if (!path.startsWith("/admin/api/")) throw new Error(`Not a support API path: ${path}`);
  const incoming = await headers();
  const host = incoming.get("host") ?? "localhost";
  const url = new URL(supportApiPath(path, params), `http://${host}`);
  const forwarded: Record<string, string> = { host };
  for (const name of ["cookie", "accept-language", "user-agent"]) {
    const value = incoming.get(name);
    if (value) forwarded[name] = value;
  }
  const response = await answerGet(new Request(url, { headers: forwarded }), pathSegments(url.pathname));
  return { status: response.status, body: response.ok ? await response.json() : null };
}
