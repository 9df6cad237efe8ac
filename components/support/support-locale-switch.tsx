"use client";

import { useLocale } from "next-intl";
import { usePathname, useSearchParams } from "next/navigation";
import { LocaleSwitchForm } from "@/components/locale-switch";

/**
 * The console's language switch, back to the page the staff member is on. The console layout
 * cannot know that page, so the URL is read here; the query is kept because the tables' filters
 * live in it (and Next keeps these hooks in step with the filters' history.replaceState).
 * Rendered on the server too, so it works before any JavaScript.
 */
export function SupportLocaleSwitch({ label }: { label: string }) {
  const pathname = usePathname();
  const query = useSearchParams().toString();
  return <LocaleSwitchForm redirect={query ? `${pathname}?${query}` : pathname} current={useLocale()} label={label} />;
}
