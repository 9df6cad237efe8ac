import type { ComponentProps } from "react";
import type { getMerchantLinkSending } from "@/lib/surfaces/dashboard/links-queries";
import type { Environment } from "@/lib/core/domain/environment";
import type { Translator } from "./translator";
import { LinkSends } from "./link-sends";
import { SendLinkForm } from "./send-link-form";

type Props = {
  reference: string;
  sending: Awaited<ReturnType<typeof getMerchantLinkSending>>;
  environment: Environment;
  /** Null for members who may not create links: the sends made so far, without the form. */
  send: ComponentProps<typeof SendLinkForm>["action"] | null;
  /** The linkSending namespace. */
  ts: Translator;
  /** The merchant's time zone, for the sends' times. */
  timeZone: string;
};

/** Sending a link to the customer by SMS or email, and the sends made so far. */
export function LinkSendSection({ reference, sending, environment, send, ts, timeZone }: Props) {
  return (
    <section className="dash-no-print" aria-labelledby="send-heading">
      <h2 id="send-heading">{ts("form.heading")}</h2>
      {!sending.sendable ? (
        <p>{ts("form.notSendable")}</p>
      ) : send ? (
        <div className="dash-card">
          <SendLinkForm
            action={send}
            reference={reference}
            smsAvailable={sending.smsAvailable}
            labels={{
              channel: ts("form.channel"),
              sms: ts("form.sms"),
              email: ts("form.email"),
              to: ts("form.to"),
              hintSms: sending.country ? ts("form.hintSms", { country: sending.country }) : ts("form.hintSmsNoCountry"),
              hintEmail: ts(environment === "sandbox" ? "form.hintEmailTest" : "form.hintEmail"),
              submit: ts("form.submit"),
              sending: ts("form.sending"),
              smsUnavailable: ts(environment === "sandbox" ? "form.smsUnavailableTest" : "form.smsUnavailable"),
            }}
          />
        </div>
      ) : null}
      <h3>{ts("history.heading")}</h3>
      <LinkSends sends={sending.sends} timeZone={timeZone} />
    </section>
  );
}
