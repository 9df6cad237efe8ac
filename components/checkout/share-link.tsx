"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";

/** The phone's share sheet where there is one (Web Share API), else a copy to the clipboard. */
export function ShareLink({ url, title }: { url: string; title: string }) {
  const t = useTranslations("checkout.share");
  const [copied, setCopied] = useState(false);
  const share = async () => {
    if (navigator.share) {
      await navigator.share({ url, title }).catch(() => {});
      return;
    }
    await navigator.clipboard?.writeText(url).then(() => setCopied(true)).catch(() => {});
  };
  return (
    <>
      <button type="button" className="button secondary" onClick={share}>
        {t("button")}
      </button>
      <span role="status" aria-live="polite">
        {copied ? t("copied") : ""}
      </span>
    </>
  );
}
