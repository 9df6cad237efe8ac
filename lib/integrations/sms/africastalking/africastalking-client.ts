import type { Environment } from "@/lib/core/domain/environment";
import type { SmsProvider, SmsSendResult } from "@/lib/integrations/sms/sms-provider";
import { acceptedStatusCode, messageFailureReason, readAfricasTalkingReport, sendFailureReason } from "./africastalking-status";

// Africa's Talking's SMS API, as its documentation and its own Node.js SDK describe it (sources in
// docs/sms.md, checked 2026-11-25):
// - POST {base}/version1/messaging, live base https://api.africastalking.com, sandbox base
//   https://api.sandbox.africastalking.com (docs.africastalking.com/sms/sending; the SDK's
//   lib/common.js builds the same URLs);
// - a form-encoded body: username, to (comma-separated numbers), message, and from (a registered
//   short code or alphanumeric sender id, default AFRICASTKNG) only when we have one;
// - headers apiKey (the SDK sends it as "apikey": header names are case-insensitive) and
//   Accept: application/json (the SDK's lib/integrations/sms.js);
// - success is 201 Created (the SDK resolves only on 201) with
//   {"SMSMessageData":{"Message":"Sent to 1/1 Total Cost: ...","Recipients":[{"statusCode":101,
//   "number":"+254...","cost":"KES 0.8000","status":"Success","messageId":"ATXid_..."}]}};
//   a refused recipient has its own statusCode (403 InvalidPhoneNumber, 405 InsufficientBalance...)
//   and messageId "None" (help.africastalking.com/articles/742491 and real answers quoted there);
// - a wrong username or key is 401 Unauthorized with the text "The supplied authentication is
//   invalid" (AfricasTalkingLtd/africastalking-python#52, laravel-notification-channels/africastalking#13).

export const AFRICASTALKING_LIVE_URL = "https://api.africastalking.com";
export const AFRICASTALKING_SANDBOX_URL = "https://api.sandbox.africastalking.com";

export type AfricasTalkingConfig = {
  baseUrl: string;
  username: string;
  apiKey: string;
  /** The registered short code or alphanumeric sender id; Africa's Talking's default without it. */
  senderId?: string;
  timeoutMs: number;
};

/**
 * The settings (AFRICASTALKING_*) for the sends of one environment, or what is missing. A test-mode
 * send never reaches a real phone: it goes through Africa's Talking's sandbox app, whose username
 * is always "sandbox" and whose texts only its simulator shows (the Node SDK's README; docs in
 * docs/sms.md). That is the service's own app in development (AFRICASTALKING_USERNAME=sandbox), or,
 * beside a live app, the sandbox app's key in AFRICASTALKING_SANDBOX_API_KEY; without it, test
 * mode has no SMS.
 */
export function africasTalkingConfig(environment: Environment, env: NodeJS.ProcessEnv = process.env): AfricasTalkingConfig | { missing: string[] } {
  const username = env.AFRICASTALKING_USERNAME?.trim();
  const apiKey = env.AFRICASTALKING_API_KEY?.trim();
  const missing = [!username && "AFRICASTALKING_USERNAME", !apiKey && "AFRICASTALKING_API_KEY"].filter((name): name is string => Boolean(name));
  if (missing.length) return { missing };
  const timeout = Number(env.SMS_TIMEOUT_MS);
  const timeoutMs = Number.isInteger(timeout) && timeout > 0 ? timeout : 10_000;
  if (environment === "live" || username === SANDBOX_USERNAME) {
    // The sandbox app's key only works on the sandbox host.
    const fallback = username === SANDBOX_USERNAME ? AFRICASTALKING_SANDBOX_URL : AFRICASTALKING_LIVE_URL;
    return { baseUrl: baseUrl(env.AFRICASTALKING_BASE_URL, fallback), username: username!, apiKey: apiKey!, senderId: env.AFRICASTALKING_SENDER_ID?.trim() || undefined, timeoutMs };
  }
  const sandboxKey = env.AFRICASTALKING_SANDBOX_API_KEY?.trim();
  if (!sandboxKey) return { missing: ["AFRICASTALKING_SANDBOX_API_KEY"] };
  // The live app's sender id is registered for the live app only: the sandbox's default sender.
  return { baseUrl: baseUrl(env.AFRICASTALKING_SANDBOX_BASE_URL, AFRICASTALKING_SANDBOX_URL), username: SANDBOX_USERNAME, apiKey: sandboxKey, timeoutMs };
}

const SANDBOX_USERNAME = "sandbox";
const baseUrl = (setting: string | undefined, fallback: string) => (setting?.trim() || fallback).replace(/\/+$/, "");

type Recipient = { statusCode?: unknown; status?: unknown; messageId?: unknown; cost?: unknown; number?: unknown };

async function post(config: AfricasTalkingConfig, to: string, message: string): Promise<Response> {
  const body = new URLSearchParams({ username: config.username, to, message });
  if (config.senderId) body.set("from", config.senderId);
  return fetch(`${config.baseUrl}/version1/messaging`, {
    method: "POST",
    headers: { apiKey: config.apiKey, Accept: "application/json", "Content-Type": "application/x-www-form-urlencoded" },
    body,
    signal: AbortSignal.timeout(config.timeoutMs),
  });
}

export async function sendAfricasTalkingSms(config: AfricasTalkingConfig, to: string, message: string): Promise<SmsSendResult> {
  let response: Response;
  try {
    response = await post(config, to, message);
  } catch (error) {
    return { outcome: "failed", reason: "provider_unreachable", providerStatus: error instanceof Error ? error.name : "network error" };
  }
  const text = await response.text().catch(() => "");
  if (response.status === 401) return { outcome: "failed", reason: "provider_auth", providerStatus: `401 ${text.slice(0, 120)}`.trim() };
  if (response.status !== 201 && response.status !== 200) return { outcome: "failed", reason: "provider_error", providerStatus: `HTTP ${response.status}` };
  let data: { SMSMessageData?: { Message?: unknown; Recipients?: Recipient[] } };
  try {
    data = JSON.parse(text);
  } catch {
    return { outcome: "failed", reason: "provider_error", providerStatus: "unreadable answer" };
  }
  const recipient = data.SMSMessageData?.Recipients?.[0];
  if (!recipient) {
    const said = String(data.SMSMessageData?.Message ?? "no recipient in the answer");
    return { outcome: "failed", reason: messageFailureReason(said), providerStatus: said.slice(0, 120) };
  }
  const code = Number(recipient.statusCode);
  const providerStatus = `${code} ${String(recipient.status ?? "")}`.trim();
  if (!acceptedStatusCode(code)) return { outcome: "failed", reason: sendFailureReason(code), providerStatus };
  const messageId = typeof recipient.messageId === "string" ? recipient.messageId : "";
  if (!messageId || messageId === "None") return { outcome: "failed", reason: "provider_error", providerStatus: `${providerStatus} without a message id` };
  return { outcome: "sent", messageId, providerStatus, cost: typeof recipient.cost === "string" ? recipient.cost : null };
}

export function africasTalkingProvider(config: AfricasTalkingConfig): SmsProvider {
  return {
    name: "africastalking",
    send: (to, message) => sendAfricasTalkingSms(config, to, message),
    readDeliveryReport: readAfricasTalkingReport,
  };
}
