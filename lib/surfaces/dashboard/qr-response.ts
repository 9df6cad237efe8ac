import "server-only";
import { db } from "@/lib/core/db/client";
import { errorBody } from "@/lib/core/errors/api-error";
import { routeMember } from "@/lib/surfaces/dashboard/require-member";
import { apiErrorOf } from "@/lib/surfaces/http/api-error-of";
import { pageOrigin } from "@/lib/surfaces/http/page-request";
import { paymentLinkUrl, qrPng, qrSvg } from "@/lib/features/checkout/payment-link-qr";

/**
 * The QR code download of one of the member's links, as PNG or SVG. Not signed in: 401; a role
 * that may not: 403; another merchant's or environment's link: 404 (the spec's envelope each time).
 */
export async function qrResponse(reference: string, format: "png" | "svg"): Promise<Response> {
  const context = await routeMember(`/dashboard/links/[reference]/qr.${format}`);
  if (context instanceof Response) return context;
  try {
    const url = await paymentLinkUrl(db(), context.scope, reference, await pageOrigin());
    const headers = { "cache-control": "private, no-store", "content-disposition": `inline; filename="${reference}.${format}"` };
    if (format === "svg") return new Response(await qrSvg(url), { headers: { ...headers, "content-type": "image/svg+xml" } });
    return new Response(new Uint8Array(await qrPng(url)), { headers: { ...headers, "content-type": "image/png" } });
  } catch (error) {
    const apiError = apiErrorOf(error);
    if (apiError) return Response.json(errorBody(apiError.code, apiError.details), { status: apiError.status });
    throw error;
  }
}
