import "server-only";
import { headers } from "next/headers";
import type { Environment } from "@/lib/core/domain/environment";
import { hostOrigin } from "./host-origin";
import { proxiedRequestEnvironment } from "./request-environment";

// What a server-rendered page knows of its request, read from next/headers' headers() by the same
// helpers the routes give request.headers.

/** The origin the visitor reached us at, for the URLs a page shows (PAYMENT_BASE_URL overrides it in paymentUrl). */
export async function pageOrigin(): Promise<string> {
  return hostOrigin(await headers());
}

/** The environment proxy.ts decided for this page (/test/... is the sandbox). */
export async function pageEnvironment(): Promise<Environment> {
  return proxiedRequestEnvironment(await headers());
}
