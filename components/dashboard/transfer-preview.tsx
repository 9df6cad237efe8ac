"use client";

import { useEffect, useRef, useState } from "react";
import { parseAmountInput } from "@/lib/core/domain/amount-input";
import { computeFeesMinor, maxAmountWithinMinor, type FeeSchedule } from "@/lib/core/domain/fees";
import { formatMinor, minorUnits } from "@/lib/core/domain/money";

type Props = {
  /** Each withdrawal gateway's fee schedule, by name. */
  schedules: Record<string, FeeSchedule>;
  /** Each gateway's name as shown. */
  gatewayLabels: Record<string, string>;
  /** The available balance per currency, in minor units (as text: a bigint does not cross to the browser). */
  available: Record<string, string>;
  locale: string;
  /** The gateway and currency the form starts with. */
  initial: { gatewayName: string; currency: string; country: string };
  /** The balance page's address: the "withdraw the most" link fills the amount through it without JavaScript. */
  pageHref: string;
  /** Messages (labels.payout, dashboard.balance.max) with their {fee}, {amount}, {total}, {max} and {gateway} placeholders. */
  templates: { fee: string; receives: string; debited: string; max: string; fillMax: string };
};

type Selection = { amount: string; gatewayName: string; currency: string; country: string };

/** Exact decimal text of minor units, as the amount field takes it ("12.50"). */
function amountText(minor: bigint, currency: string) {
  const digits = minorUnits(currency);
  if (!digits) return minor.toString();
  const text = minor.toString().padStart(digits + 1, "0");
  return `${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

/**
 * What a payout will cost and bring, shown in its form before it is sent: the gateway's fee, what
 * arrives on the beneficiary's phone (the amount) and what leaves the balance (amount + fee), by
 * the same rules the server applies (lib/core/domain/amount-input.ts, lib/core/domain/fees.ts);
 * and the most that can be withdrawn through the chosen gateway (the balance less that amount's
 * own fees: maxAmountWithinMinor, the rule the server's refusal quotes), with a link that fills
 * it in: with JavaScript in place, without it through the page's address.
 */
export function TransferPreview({ schedules, gatewayLabels, available, locale, initial, pageHref, templates }: Props) {
  const anchor = useRef<HTMLDivElement>(null);
  const [selection, setSelection] = useState<Selection>({ amount: "", ...initial });

  useEffect(() => {
    const form = anchor.current?.closest("form");
    if (!form) return;
    const read = () => {
      const value = (name: string) => (form.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement | null)?.value ?? "";
      setSelection({ amount: value("amount"), gatewayName: value("gatewayName"), currency: value("currency"), country: value("country") });
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
  }, []);

  const { currency, gatewayName } = selection;
  const schedule = schedules[gatewayName];
  const money = (minor: bigint) => formatMinor(minor, currency, locale);
  const amount = parseAmountInput(selection.amount, currency);
  const fee = schedule && amount.ok && amount.minor > 0n ? computeFeesMinor(amount.minor, currency, schedule) : null;
  const balance = available[currency] ? BigInt(available[currency]) : 0n;
  const max = schedule && balance > 0n ? maxAmountWithinMinor(balance, currency, schedule) : 0n;
  const fill = new URLSearchParams({ amount: amountText(max, currency), currency, gatewayName, country: selection.country });

  return (
    <div ref={anchor}>
      {max > 0n ? (
        <p className="dash-hint" data-testid="payout-max">
          {templates.max.replace("{gateway}", gatewayLabels[gatewayName] ?? gatewayName).replace("{max}", money(max)).replace("{fee}", money(computeFeesMinor(max, currency, schedule!)))}{" "}
          <a
            href={`${pageHref}?${fill}#withdraw`}
            onClick={(event) => {
              const field = anchor.current?.closest("form")?.elements.namedItem("amount") as HTMLInputElement | null;
              if (!field) return;
              event.preventDefault();
              field.value = amountText(max, currency);
              field.dispatchEvent(new Event("input", { bubbles: true }));
              field.focus();
            }}
          >
            {templates.fillMax}
          </a>
        </p>
      ) : null}
      <p className="dash-fee-preview" aria-live="polite" data-testid="payout-preview">
        {fee !== null && amount.ok ? (
          <>
            {templates.fee.replace("{fee}", money(fee))}
            <br />
            {templates.receives.replace("{amount}", money(amount.minor))}
            <br />
            {templates.debited.replace("{total}", money(amount.minor + fee))}
          </>
        ) : null}
      </p>
    </div>
  );
}
