import "server-only";
import { headers } from "next/headers";

/** The origin the member reached us at, for payment URLs shown on pages (PAYMENT_BASE_URL overrides it in paymentUrl). */
export async function pageOrigin(): Promise<string> {
  const h = await headers();
  const host = h.get("x-forwarded-host")?.split(",")[0].trim() || h.get("host") || "localhost";
  const proto = h.get("x-forwarded-proto")?.split(",")[0].trim() || "http";
  return `${proto}://${host}`;
}
