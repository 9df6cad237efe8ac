"use client";

import { useTranslations } from "next-intl";
import { useEffect, useRef } from "react";
import { CheckAgainForm } from "./step-form";

/**
 * Another checkout (another phone or browser) is paying this link right now: its attempt is not
 * shown, and a new one would be refused (409/40020) until it ends. The customer can check again
 * (without JavaScript: the page again).
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
      <CheckAgainForm onCheck={onCheckAgain} checking={checking} label={t("inProgress.checkAgain")} />
    </section>
  );
}
