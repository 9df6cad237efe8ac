// GET /p/{reference}/qr.svg - a payment page's QR code (SVG), public like the page (the API's qrCodeSvgUrl)
import { pageQrResponse } from "@/lib/surfaces/http/page-qr-response";

export async function GET(request: Request, { params }: { params: Promise<{ reference: string }> }) {
  return pageQrResponse(request, (await params).reference, "svg");
}
