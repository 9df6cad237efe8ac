import type { ComponentProps } from "react";
import { LINK_CURRENCIES, currencyChoice, formatMinor } from "@/lib/core/domain/money";
import { minorText } from "@/lib/features/transfers/balance-and-transfers";
import type { BatchSelfApproval } from "@/lib/features/merchants/batch-self-approval";
import { ActionForm, FieldError } from "./action-form";
import type { Translator } from "./translator";

type Props = {
  /** Null for a member who may not change the settings: the threshold is shown, not the form. */
  action: ComponentProps<typeof ActionForm>["action"] | null;
  setting: BatchSelfApproval;
  tb: Translator;
  locale: string;
};

/** The settings page's bulk payout approval: up to what total one person may approve their own batch (empty: never). */
export function BatchApprovalSettings({ action, setting, tb, locale }: Props) {
  const current = setting ? formatMinor(setting.maxMinor, setting.currency, locale) : tb("settings.off");
  return (
    <section className="dash-card" aria-labelledby="batch-approval">
      <h2 id="batch-approval">{tb("settings.heading")}</h2>
      <p>{tb("settings.intro")}</p>
      <p data-testid="batch-approval-current">{tb("settings.current", { value: current })}</p>
      {action ? (
        <ActionForm action={action} submitLabel={tb("settings.save")}>
          <label>
            {tb("settings.allow")}
            <input name="selfApprovalMax" inputMode="decimal" autoComplete="off" defaultValue={setting ? minorText(setting.maxMinor, setting.currency) : ""} />
          </label>
          <FieldError name="selfApprovalMax" />
          <label>
            {tb("settings.currency")}
            <select name="selfApprovalCurrency" defaultValue={setting?.currency ?? "XOF"}>
              {LINK_CURRENCIES.map((currency) => (
                <option key={currency} value={currency}>
                  {currencyChoice(currency)}
                </option>
              ))}
            </select>
          </label>
          <FieldError name="selfApprovalCurrency" />
        </ActionForm>
      ) : null}
    </section>
  );
}
