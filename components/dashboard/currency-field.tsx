import { LINK_CURRENCIES, currencyChoice } from "@/lib/core/domain/money";
import { FieldError } from "./action-form";

/** The currency of something customers pay (a link, a payment page), with its error from the form's answer. */
export function CurrencyField({ label }: { label: string }) {
  return (
    <>
      <label>
        {label}
        <select name="currency" defaultValue="XOF">
          {LINK_CURRENCIES.map((c) => (
            <option key={c} value={c}>
              {currencyChoice(c)}
            </option>
          ))}
        </select>
      </label>
      <FieldError name="currency" />
    </>
  );
}
