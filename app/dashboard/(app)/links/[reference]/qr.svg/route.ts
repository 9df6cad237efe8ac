// GET /dashboard/links/{reference}/qr.svg - the link's QR code to download or print (SVG)
import { qrResponse } from "@/lib/surfaces/dashboard/qr-response";

export async function GET(_request: Request, { params }: { params: Promise<{ reference: string }> }) {
  return qrResponse((await params).reference, "svg");
}
