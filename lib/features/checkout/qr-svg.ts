import QRCode from "qrcode";

/** The link as an inline SVG QR code: drawn on the server, no image request, no client code. */
export async function qrSvg(url: string): Promise<string> {
  return QRCode.toString(url, { type: "svg", margin: 1, errorCorrectionLevel: "M", color: { dark: "#000000", light: "#ffffff" } });
}
