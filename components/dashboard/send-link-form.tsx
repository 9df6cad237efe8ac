"use client";

import { useActionState, useId, useState } from "react";
import type { SendLinkState } from "@/lib/surfaces/dashboard/send-link-state";
import { ActionResult } from "./action-form";

type Props = {
  action: (state: SendLinkState, form: FormData) => Promise<SendLinkState>;
  reference: string;
  smsAvailable: boolean;
  labels: {
    channel: string;
    sms: string;
    email: string;
    to: string;
    hintSms: string;
    hintEmail: string;
    submit: string;
    sending: string;
    smsUnavailable: string;
  };
};

/**
 * The link page's "Send to a customer" form: SMS or e-mail, the recipient, then the server
 * action's answer beside it (sent to whom, or why not, in the page's language). What was typed
 * stays after a refusal. Without an SMS provider the SMS choice is disabled and says why.
 */
export function SendLinkForm({ action, reference, smsAvailable, labels }: Props) {
  const [state, formAction, pending] = useActionState(action, null);
  const [channel, setChannel] = useState<"sms" | "email">(smsAvailable ? "sms" : "email");
  const hint = useId();
  return (
    // Keyed by the answer: a new answer re-renders the field with what the server handed back.
    <form action={formAction} className="dash-form" key={JSON.stringify(state)}>
      <input type="hidden" name="reference" value={reference} />
      <fieldset>
        <legend>{labels.channel}</legend>
        <label>
          <input type="radio" name="channel" value="sms" checked={channel === "sms"} disabled={!smsAvailable} onChange={() => setChannel("sms")} /> {labels.sms}
        </label>
        <label>
          <input type="radio" name="channel" value="email" checked={channel === "email"} onChange={() => setChannel("email")} /> {labels.email}
        </label>
      </fieldset>
      {smsAvailable ? null : <p className="dash-hint">{labels.smsUnavailable}</p>}
      <label>
        {labels.to}
        <input
          name="to"
          required
          autoComplete="off"
          // Text, not "email": the field takes a phone number too, which the browser would refuse.
          type="text"
          inputMode={channel === "email" ? "email" : "tel"}
          defaultValue={state?.to ?? ""}
          aria-describedby={hint}
        />
      </label>
      <p id={hint} className="dash-hint">
        {channel === "email" ? labels.hintEmail : labels.hintSms}
      </p>
      <button type="submit" disabled={pending}>
        {pending ? labels.sending : labels.submit}
      </button>
      <ActionResult state={state} />
    </form>
  );
}
