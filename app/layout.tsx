import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import { getLocale } from "next-intl/server";
import "./globals.css";

export const metadata: Metadata = { title: "Payment collection service" };
export const viewport: Viewport = { width: "device-width", initialScale: 1, themeColor: "#0b5fff" };

// No client-side i18n provider here: pages that need one wrap only their interactive island,
// with only the messages it uses, to keep what a phone downloads small.
export default async function RootLayout({ children }: { children: ReactNode }) {
  const locale = await getLocale();
  return (
    <html lang={locale}>
      <body>{children}</body>
    </html>
  );
}
