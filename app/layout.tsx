import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import { headers } from "next/headers";
import { getLocale, getTranslations } from "next-intl/server";
import { customerNotFoundMessages } from "@/components/checkout/checkout-not-found";
import { NOT_FOUND_PAGE_HEADER } from "@/lib/core/request/environment-header";
import "./globals.css";

// The 404 page (app/not-found.tsx) has no metadata of its own: its tab title comes from here.
export async function generateMetadata(): Promise<Metadata> {
  const notFound = customerNotFoundMessages((await headers()).get(NOT_FOUND_PAGE_HEADER));
  if (notFound) return { title: (await getTranslations(notFound))("title") };
  return { title: "Payment collection service" };
}
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
