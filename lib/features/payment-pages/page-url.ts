import { pathPrefix, type Environment } from "@/lib/core/domain/environment";
import { publicBaseUrl } from "@/lib/core/domain/public-base-url";

// A payment page's public address: short, so its QR code stays coarse enough to print small and
// scan off a wall (`/p/` + the reference: about 50 characters on a short host). The sandbox's
// under /test, as the checkout's. Its QR code is beside it: `{url}/qr.png` and `{url}/qr.svg`.

export function pageUrl(reference: string, environment: Environment, origin: string): string {
  return `${publicBaseUrl(origin)}${pathPrefix(environment)}/p/${reference}`;
}

/** The page's short address (its slug's), the one printed for typing; the reference's address when it has none. */
export function pageTypableUrl(page: { reference: string; slug: string | null; environment: Environment }, origin: string): string {
  return pageUrl(page.slug ?? page.reference, page.environment, origin);
}

export const pageQrUrl = (url: string, format: "png" | "svg") => `${url}/qr.${format}`;
