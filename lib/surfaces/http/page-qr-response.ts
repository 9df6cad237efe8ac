import QRCode from "qrcode";
import { db } from "@/lib/core/db/client";
import { isPlausibleReference } from "@/lib/core/domain/references";
import { errorBody } from "@/lib/core/errors/api-error";
import { notFound } from "@/lib/core/errors/domain-error";
import { ENVIRONMENT_HEADER } from "@/lib/core/request/environment-header";
import { limitCheckoutRead } from "@/lib/features/checkout/checkout-limits";
import { qrSvg } from "@/lib/features/checkout/qr-svg";
import { pageUrl } from "@/lib/features/payment-pages/page-url";
import { apiErrorOf } from "./api-error-of";

/** The origin the client used (PAYMENT_BASE_URL overrides it in pageUrl), from the Host the proxy passed on. */
function originOf(request: Request): string {
  const host = request.headers.get("x-forwarded-host")?.split(",")[0].trim() || request.headers.get("host") || new URL(request.url).host;
  const proto = request.headers.get("x-forwarded-proto")?.split(",")[0].trim() || new URL(request.url).protocol.replace(":", "");
  return `${proto}://${host}`;
}

/**
 * `GET /p/{reference}/qr.png|svg`: a payment page's QR code, for the merchant to print or share
 * (the API's qrCodeUrl). Public like the page it points to: the code holds nothing but the page's
 * URL. Whatever the page's status (a poster outlives a switch); unknown, or the other
 * environment's: 404 in the API's envelope. Limited per client address as the checkout's reads.
 */
export async function pageQrResponse(request: Request, reference: string, format: "png" | "svg"): Promise<Response> {
  try {
    await limitCheckoutRead(request);
    const environment = request.headers.get(ENVIRONMENT_HEADER) === "sandbox" ? "sandbox" : "live";
    const page = isPlausibleReference(reference)
      ? await db().paymentPage.findUnique({ where: { reference }, select: { reference: true, environment: true } })
      : null;
    if (!page || page.environment !== environment) throw notFound("Payment page", reference);
    const url = pageUrl(page.reference, page.environment, originOf(request));
    const headers = { "cache-control": "public, max-age=3600", "content-disposition": `inline; filename="${reference}.${format}"` };
    if (format === "svg") return new Response(await qrSvg(url), { headers: { ...headers, "content-type": "image/svg+xml" } });
    // Print size, error correction M, quiet zone kept so phones read it off paper (as the link's download).
    const png = await QRCode.toBuffer(url, { type: "png", width: 1024, margin: 2, errorCorrectionLevel: "M" });
    return new Response(new Uint8Array(png), { headers: { ...headers, "content-type": "image/png" } });
  } catch (error) {
    const apiError = apiErrorOf(error);
    if (apiError) return Response.json(errorBody(apiError.code, apiError.details), { status: apiError.status, headers: apiError.headers });
    throw error;
  }
}
