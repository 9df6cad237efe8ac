import QRCode from "qrcode";
import { db } from "@/lib/core/db/client";
import { isPlausibleReference } from "@/lib/core/domain/references";
import { clientAddress } from "@/lib/core/request/client-address";
import { errorBody } from "@/lib/core/errors/api-error";
import { notFound } from "@/lib/core/errors/domain-error";
import { limitCheckoutRead } from "@/lib/features/checkout/checkout-limits";
import { qrSvg } from "@/lib/features/checkout/qr-svg";
import { pageUrl } from "@/lib/features/payment-pages/page-url";
import { apiErrorOf } from "./api-error-of";
import { hostOrigin } from "./host-origin";
import { proxiedRequestEnvironment } from "./request-environment";

/**
 * `GET /p/{reference}/qr.png|svg`: a payment page's QR code, for the merchant to print or share
 * (the API's qrCodeUrl). Public like the page it points to: the code holds nothing but the page's
 * URL. Whatever the page's status (a poster outlives a switch); unknown, or the other
 * environment's: 404 in the API's envelope. Limited per client address as the checkout's reads.
 */
export async function pageQrResponse(request: Request, reference: string, format: "png" | "svg"): Promise<Response> {
  try {
    await limitCheckoutRead(clientAddress(request));
    const environment = proxiedRequestEnvironment(request.headers);
    const page = isPlausibleReference(reference)
      ? await db().paymentPage.findUnique({ where: { reference }, select: { reference: true, environment: true } })
      : null;
    if (!page || page.environment !== environment) throw notFound("Payment page", reference);
    const url = pageUrl(page.reference, page.environment, hostOrigin(request.headers));
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
