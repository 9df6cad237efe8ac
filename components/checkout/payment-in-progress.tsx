"use client";

import { useTranslations } from "next-intl";
import { useEffect, useRef } from "react";

/**
 * Another checkout (another phone or browser) is paying this link right now: its attempt is not
 * shown, and a new one would be refused (409/40020) until it ends. The customer can check again.
 */
export function PaymentInProgress({ onCheckAgain, checking }: { onCheckAgain: () => void; checking: boolean }) {
  const t = useTranslations("checkout");
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section aria-labelledby="in-progress-title">
      <h2 id="in-progress-title" ref={heading} tabIndex={-1}>
        {t("inProgress.title")}
      </h2>
      <p>{t("inProgress.body")}</p>
      <button type="button" className="button" onClick={onCheckAgain} disabled={checking}>
        {t("inProgress.checkAgain")}
      </button>
    </section>
  );
}
