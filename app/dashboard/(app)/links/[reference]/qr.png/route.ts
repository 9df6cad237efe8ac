// GET /dashboard/links/{reference}/qr.png - the link's QR code to download or print (PNG)
import { qrResponse } from "@/lib/surfaces/dashboard/qr-response";

export async function GET(_request: Request, { params }: { params: Promise<{ reference: string }> }) {
  return qrResponse((await params).reference, "png");
}
