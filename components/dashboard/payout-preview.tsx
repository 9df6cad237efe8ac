"use client";

import { useEffect, useRef, useState } from "react";
import { parseAmountInput } from "@/lib/core/domain/amount-input";
import { computeFeesMinor, type FeeSchedule } from "@/lib/core/domain/fees";
import { formatMinor } from "@/lib/core/domain/money";

type Props = {
  /** Each withdrawal gateway's fee schedule, by name. */
  schedules: Record<string, FeeSchedule>;
  locale: string;
  /** Messages (labels.payout) with their {fee}, {amount} and {total} placeholders. */
  templates: { fee: string; receives: string; debited: string };
};

type Preview = { fee: string; receives: string; debited: string } | null;

/**
 * What a payout will cost and bring, shown in its form before it is sent: the gateway's fee, what
 * arrives on the beneficiary's phone (the amount) and what leaves the balance (amount + fee), by
 * the same rules the server applies (lib/core/domain/amount-input.ts, lib/core/domain/fees.ts).
 */
export function PayoutPreview({ schedules, locale, templates }: Props) {
  const anchor = useRef<HTMLParagraphElement>(null);
  const [preview, setPreview] = useState<Preview>(null);

  useEffect(() => {
    const form = anchor.current?.closest("form");
    if (!form) return;
    const read = () => {
      const value = (name: string) => (form.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement | null)?.value ?? "";
      const currency = value("currency");
      const schedule = schedules[value("gatewayName")];
      const amount = parseAmountInput(value("amount"), currency);
      if (!schedule || !amount.ok || amount.minor <= 0n) return setPreview(null);
      const fee = computeFeesMinor(amount.minor, currency, schedule);
      const money = (minor: bigint) => formatMinor(minor, currency, locale);
      setPreview({
        fee: templates.fee.replace("{fee}", money(fee)),
        receives: templates.receives.replace("{amount}", money(amount.minor)),
        debited: templates.debited.replace("{total}", money(amount.minor + fee)),
      });
    };
    // After a reset the fields hold their defaults only once the event is done.
    const afterReset = () => setTimeout(read, 0);
    read();
    form.addEventListener("input", read);
    form.addEventListener("change", read);
    form.addEventListener("reset", afterReset);
    return () => {
      form.removeEventListener("input", read);
      form.removeEventListener("change", read);
      form.removeEventListener("reset", afterReset);
    };
  }, [schedules, locale, templates]);

  return (
    <p ref={anchor} className="dash-fee-preview" aria-live="polite" data-testid="payout-preview">
      {preview ? (
        <>
          {preview.fee}
          <br />
          {preview.receives}
          <br />
          {preview.debited}
        </>
      ) : null}
    </p>
  );
}
