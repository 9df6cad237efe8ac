// What the app needs of an SMS provider, whoever it is (Africa's Talking first; Orange's SMS API or
// Twilio can follow behind the same type): send one text to one number, and read the provider's
// delivery report. Failure reasons are our own words (SMS_FAILURE_REASONS), so the dashboard and the
// API say the same thing whichever provider answered; the provider's own words go in providerStatus.

export const SMS_FAILURE_REASONS = [
  "invalid_number",
  "unsupported_number",
  "blacklisted",
  "do_not_disturb",
  "could_not_route",
  "risk_hold",
  "sender_refused",
  "provider_balance",
  "provider_auth",
  "provider_error",
  "provider_unreachable",
  "rejected",
  "undeliverable",
] as const;
export type SmsFailureReason = (typeof SMS_FAILURE_REASONS)[number];

export type SmsSendResult =
  /** The provider took the message (it may still fail later: see its delivery report). */
  | { outcome: "sent"; messageId: string; providerStatus: string; cost: string | null }
  /** The provider refused it, or could not be reached or understood: nothing was sent. */
  | { outcome: "failed"; reason: SmsFailureReason; providerStatus: string };

/** A delivery report, as our states: still on its way (sent), on the handset (delivered), or failed. */
export type SmsDeliveryUpdate = {
  messageId: string;
  state: "sent" | "delivered" | "failed";
  providerStatus: string;
  failureReason: SmsFailureReason | null;
};

export type SmsProvider = {
  /** The name stored with each send ("africastalking"), and the callback path's segment. */
  name: string;
  send(to: string, message: string): Promise<SmsSendResult>;
  /** The report's fields as posted; null when they are not a delivery report of this provider. */
  readDeliveryReport(fields: Record<string, string>): SmsDeliveryUpdate | null;
};
