import type { SmsDeliveryUpdate, SmsFailureReason } from "@/lib/integrations/sms/sms-provider";

// Africa's Talking's answers in our words. Sources (checked 2026-11-25; see docs/sms.md):
// - Sending, per-recipient statusCode: 100 Processed, 101 Sent, 102 Queued (accepted); 401 RiskHold,
//   402 InvalidSenderId, 403 InvalidPhoneNumber, 404 UnsupportedNumberType, 405 InsufficientBalance,
//   406 UserInBlacklist, 407 CouldNotRoute, 409 DoNotDisturbRejection, 500 InternalServerError,
//   501 GatewayError, 502 RejectedByGateway (docs.africastalking.com/sms/sending, as mirrored by
//   medic/cht-core's africas-talking gateway and Africa's Talking's help article "Why did my
//   messages fail?", help.africastalking.com/articles/742491).
// - Delivery reports (docs.africastalking.com/sms/notifications and /sms/deliveryreports): status
//   Sent, Submitted, Buffered (on the way), Success (on the handset, final), Rejected and Failed
//   (final, with failureReason only then; "not all telcos support this").

const SEND_FAILURES: Record<number, SmsFailureReason> = {
  401: "risk_hold",
  402: "sender_refused",
  403: "invalid_number",
  404: "unsupported_number",
  405: "provider_balance",
  406: "blacklisted",
  407: "could_not_route",
  409: "do_not_disturb",
  500: "provider_error",
  501: "provider_error",
  502: "provider_error",
};

/** 100, 101 and 102 mean the message was accepted. */
export const acceptedStatusCode = (code: number) => code === 100 || code === 101 || code === 102;

/** Why a recipient's statusCode refused the message; an unknown code is a provider error. */
export const sendFailureReason = (code: number): SmsFailureReason => SEND_FAILURES[code] ?? "provider_error";

/** The names Africa's Talking may put in SMSMessageData.Message when it lists no recipient. */
const MESSAGE_FAILURES: Record<string, SmsFailureReason> = {
  InvalidSenderId: "sender_refused",
  InvalidPhoneNumber: "invalid_number",
  InsufficientBalance: "provider_balance",
  UserInBlacklist: "blacklisted",
  RiskHold: "risk_hold",
};

export const messageFailureReason = (message: string): SmsFailureReason =>
  Object.entries(MESSAGE_FAILURES).find(([name]) => message.includes(name))?.[1] ?? "provider_error";

// failureReason values of the delivery report documentation: a number that does not exist or
// cannot receive is the number's fault; the rest (DeliveryFailure, an absent reason) is
// "undeliverable"; a Rejected report without a better reason is "rejected".
const REPORT_FAILURES: Record<string, SmsFailureReason> = {
  UserDoesNotExist: "invalid_number",
  NotNetworkSubscriber: "invalid_number",
  UserIsInactive: "undeliverable",
  UserAccountSuspended: "undeliverable",
  UserInBlackList: "blacklisted",
  UserInBlacklist: "blacklisted",
  DoNotDisturbRejection: "do_not_disturb",
  DeliveryFailure: "undeliverable",
};

const IN_TRANSIT = new Set(["Sent", "Submitted", "Buffered"]);

/** A delivery report's fields (id, status, phoneNumber, networkCode, failureReason, retryCount) as our update. */
export function readAfricasTalkingReport(fields: Record<string, string>): SmsDeliveryUpdate | null {
  const messageId = fields.id?.trim();
  const status = fields.status?.trim();
  if (!messageId || !status) return null;
  const reason = fields.failureReason?.trim() || null;
  const providerStatus = reason ? `${status}: ${reason}` : status;
  if (status === "Success") return { messageId, state: "delivered", providerStatus, failureReason: null };
  if (IN_TRANSIT.has(status)) return { messageId, state: "sent", providerStatus, failureReason: null };
  if (status === "Rejected" || status === "Failed") {
    const failureReason = (reason && REPORT_FAILURES[reason]) || (status === "Rejected" ? "rejected" : "undeliverable");
    return { messageId, state: "failed", providerStatus, failureReason };
  }
  return null;
}
