import "server-only";
import { headers } from "next/headers";
import type { Environment } from "@/lib/core/domain/environment";
import { requestOrigin } from "./api-route";
import { proxiedRequestEnvironment } from "./request-environment";

// What a server-rendered page knows of its request, read the way the API reads a Request: pages
// get only next/headers, which has the same headers but no URL.

/** The page's request as the API helpers read one (requestOrigin, proxiedRequestEnvironment). */
export async function pageRequest(): Promise<{ headers: Headers; url: string }> {
  return { headers: (await headers()) as unknown as Headers, url: "http://localhost/" };
}

/** The origin the visitor reached us at, for the URLs a page shows (PAYMENT_BASE_URL overrides it in paymentUrl). */
export async function pageOrigin(): Promise<string> {
  return requestOrigin(await pageRequest());
}

/** The environment proxy.ts decided for this page (/test/... is the sandbox). */
export async function pageEnvironment(): Promise<Environment> {
  return proxiedRequestEnvironment(await pageRequest());
}
