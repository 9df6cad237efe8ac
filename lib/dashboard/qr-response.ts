import "server-only";
import { getSessionMember } from "@/lib/auth/session-member";
import { db } from "@/lib/db/client";
import { ApiError, errorBody } from "@/lib/errors/api-error";
import { dashboardEnvironment } from "./require-member";
import { pageOrigin } from "./page-origin";
import { paymentLinkUrl, qrPng, qrSvg } from "./payment-link-qr";

/**
 * The QR code download of one of the member's links, as PNG or SVG. Not signed in: 401; another
 * merchant's or environment's link: 404 (the spec's envelope either way).
 */
export async function qrResponse(reference: string, format: "png" | "svg"): Promise<Response> {
  const member = await getSessionMember();
  if (!member) return Response.json(errorBody(40002, "Sign in to the dashboard first"), { status: 401 });
  try {
    const url = await paymentLinkUrl(db(), { merchantId: member.merchantId, environment: await dashboardEnvironment() }, reference, await pageOrigin());
    const headers = { "cache-control": "private, no-store", "content-disposition": `inline; filename="${reference}.${format}"` };
    if (format === "svg") return new Response(await qrSvg(url), { headers: { ...headers, "content-type": "image/svg+xml" } });
    return new Response(new Uint8Array(await qrPng(url)), { headers: { ...headers, "content-type": "image/png" } });
  } catch (error) {
    if (error instanceof ApiError) return Response.json(errorBody(error.code, error.details), { status: error.status });
    throw error;
  }
}
