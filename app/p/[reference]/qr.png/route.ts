// GET /p/{reference}/qr.png - a payment page's QR code (PNG), public like the page (the API's qrCodeUrl)
import { pageQrResponse } from "@/lib/surfaces/http/page-qr-response";

export async function GET(request: Request, { params }: { params: Promise<{ reference: string }> }) {
  return pageQrResponse(request, (await params).reference, "png");
}
