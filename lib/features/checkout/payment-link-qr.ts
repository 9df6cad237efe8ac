import QRCode from "qrcode";
import type { DbClient } from "@/lib/core/db/client";
import { notFound } from "@/lib/core/errors/domain-error";
import { paymentUrl } from "@/lib/features/links/payment-url";
import { qrSvg } from "@/lib/features/checkout/qr-svg";
import type { MerchantScope } from "@/lib/core/domain/merchant-scope";

/** The payment URL of one of the member's links (404 for anyone else's), for the QR code and share actions. */
export async function paymentLinkUrl(client: DbClient, scope: MerchantScope, reference: string, origin: string): Promise<string> {
  const link = await client.paymentLink.findFirst({ where: { reference, merchantId: scope.merchantId, environment: scope.environment }, select: { reference: true, environment: true } });
  if (!link) throw notFound("Payment link", reference);
  return paymentUrl(link.reference, link.environment, origin);
}

/** The QR code as a print-size PNG (error correction M, quiet zone kept so phones read it off paper). */
export function qrPng(url: string): Promise<Buffer> {
  return QRCode.toBuffer(url, { type: "png", width: 1024, margin: 2, errorCorrectionLevel: "M" });
}

export { qrSvg };
