import { randomBytes } from "node:crypto";
import type { ServerResponse } from "node:http";
import type { AfricasTalkingConfig } from "@/lib/integrations/sms/africastalking/africastalking-client";
import { sleep, startFakeServer, type Recorded } from "./fake-http";

// A local Africa's Talking SMS API, written to the facts and sources in docs/sms.md (each
// behaviour names its source):
// - POST /version1/messaging with a form-encoded body username, to, message[, from]
//   (docs.africastalking.com/sms/sending; the Node SDK's lib/integrations/sms.js);
// - the key in the `apiKey` header; a wrong key or username is 401 with the plain text "The
//   supplied authentication is invalid" (AfricasTalkingLtd/africastalking-python#52,
//   laravel-notification-channels/africastalking#13);
// - JSON only when asked with `Accept: application/json` (the SDK always sends it; the API's
//   default answer format is XML, here a bare XML body);
// - 201 Created with SMSMessageData {Message, Recipients[{statusCode, number, cost, status,
//   messageId, messageParts}]} (the SDK resolves only on 201; real answers quoted in
//   help.africastalking.com/articles/742491): 101 "Success" with an ATXid_ id and a cost, or a
//   per-recipient refusal scripted per number (403 InvalidPhoneNumber, 405 InsufficientBalance,
//   406 UserInBlacklist, 401 RiskHold...) with messageId "None" and cost "0";
// - delivery reports POSTed to the one callback URL set in the account's dashboard
//   (docs.africastalking.com/sms/notifications): form fields id, status (Sent, Submitted, Buffered,
//   Rejected, Success, Failed), phoneNumber, networkCode, failureReason (only when Rejected or
//   Failed), retryCount. The documentation names the fields but not the encoding: sent here as
//   application/x-www-form-urlencoded, the way an HTML form posts; our route reads JSON too.
// Infrastructure faults (a 5xx, a late answer) come from fake-http's failNext.

// The sandbox app by default (its username is always "sandbox": the Node SDK's README); a fake
// started with another username plays a live app. Each app's key works on its own host only.
const SANDBOX_APP = { username: "sandbox", apiKey: "atsk_fakeKeyForTests0123456789abcdef" };

const STATUS_NAMES: Record<number, string> = {
  100: "Processed",
  101: "Success",
  102: "Queued",
  401: "RiskHold",
  402: "InvalidSenderId",
  403: "InvalidPhoneNumber",
  404: "UnsupportedNumberType",
  405: "InsufficientBalance",
  406: "UserInBlacklist",
  407: "CouldNotRoute",
  409: "DoNotDisturbRejection",
  500: "InternalServerError",
  501: "GatewayError",
  502: "RejectedByGateway",
};

/** What happens to a message to one number: refused at once, or accepted and then reported. */
export type AtRecipientScript =
  | { statusCode: number }
  | {
      report: "Success" | "Failed" | "Rejected" | "none";
      failureReason?: string;
      /**
       * The report reaches the callback before the send's answer reaches us. Africa's Talking posts
       * the report when the telco answers, on another connection than the send's (its docs promise no
       * order, and a fast rejection can beat a slow answer on a mobile network's link).
       */
      beforeAnswer?: boolean;
    };

export type AtMessage = { id: string; to: string; from: string | null; message: string; statusCode: number };

export type AfricasTalkingFake = {
  url: string;
  config: AfricasTalkingConfig;
  received: Recorded[];
  messages: AtMessage[];
  failNext: Awaited<ReturnType<typeof startFakeServer>>["failNext"];
  /** How a number is answered (default: 101 accepted, then a Success report). */
  script(number: string, script: AtRecipientScript): void;
  /** The delivery report callback URL (set in Africa's Talking's dashboard); null: none sent. */
  sendReportsTo(url: string | null): void;
  /** Posts one delivery report now, as Africa's Talking does; answers our route's status. */
  report(messageId: string, status: string, failureReason?: string): Promise<number | null>;
  close(): Promise<void>;
};

export async function startAfricasTalkingFake(
  options: { port?: number; reportAfterMs?: number; onMessage?: (message: AtMessage) => void; app?: { username: string; apiKey: string } } = {},
): Promise<AfricasTalkingFake> {
  const app = options.app ?? SANDBOX_APP;
  const scripts = new Map<string, AtRecipientScript>();
  const messages: AtMessage[] = [];
  let reportsUrl: string | null = null;

  async function report(messageId: string, status: string, failureReason?: string) {
    const sent = messages.find((m) => m.id === messageId);
    if (!reportsUrl || !sent) return null;
    const fields = new URLSearchParams({ id: messageId, status, phoneNumber: sent.to, networkCode: "61205", retryCount: "0" });
    if (failureReason) fields.set("failureReason", failureReason);
    try {
      const response = await fetch(reportsUrl, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: fields });
      return response.status;
    } catch {
      return null;
    }
  }

  async function answer(request: Recorded, res: ServerResponse) {
    const headers = request.headers;
    const fields = new URLSearchParams(request.body);
    if (headers.apikey !== app.apiKey || fields.get("username") !== app.username) {
      res.writeHead(401, { "content-type": "text/plain" }).end("The supplied authentication is invalid");
      return;
    }
    const to = fields.get("to");
    const message = fields.get("message");
    if (!to || !message) {
      // Not documented: what Africa's Talking says of a missing field. A plain 400 here.
      res.writeHead(400, { "content-type": "text/plain" }).end(`Request is missing required form field '${!to ? "to" : "message"}'`);
      return;
    }
    const recipients = to.split(",").map((number) => number.trim()).map((number) => {
      const script = scripts.get(number);
      const statusCode = script && "statusCode" in script ? script.statusCode : 101;
      const accepted = statusCode >= 100 && statusCode <= 102;
      const id = accepted ? `ATXid_${randomBytes(16).toString("hex")}` : "None";
      if (accepted) messages.push({ id, to: number, from: fields.get("from"), message, statusCode });
      if (accepted) options.onMessage?.(messages.at(-1)!);
      return { statusCode, number, cost: accepted ? "XOF 25.0000" : "0", status: STATUS_NAMES[statusCode] ?? "Failed", messageId: id, ...(accepted ? { messageParts: 1 } : {}) };
    });
    const reportOf = (number: string) => {
      const script = scripts.get(number);
      return script && "report" in script ? script : { report: "Success" as const, failureReason: undefined, beforeAnswer: false };
    };
    const accepted = recipients.filter((r) => r.messageId !== "None");
    for (const r of accepted) {
      const outcome = reportOf(r.number);
      if (outcome.beforeAnswer && outcome.report !== "none") await report(r.messageId, outcome.report, outcome.failureReason);
    }
    const sentCount = accepted.length;
    const body = { SMSMessageData: { Message: `Sent to ${sentCount}/${recipients.length} Total Cost: XOF ${25 * sentCount}.0000`, Recipients: recipients } };
    if (!String(headers.accept ?? "").includes("application/json")) {
      res.writeHead(201, { "content-type": "text/xml" }).end(`<AfricasTalkingResponse><SMSMessageData><Message>${body.SMSMessageData.Message}</Message></SMSMessageData></AfricasTalkingResponse>`);
    } else {
      res.writeHead(201, { "content-type": "application/json" }).end(JSON.stringify(body));
    }
    // The telco's answer comes later, as a delivery report to the account's callback URL.
    for (const r of accepted) {
      const outcome = reportOf(r.number);
      if (outcome.report === "none" || outcome.beforeAnswer) continue;
      void sleep(options.reportAfterMs ?? 0).then(() => report(r.messageId, outcome.report, outcome.failureReason));
    }
  }

  const server = await startFakeServer(async (request, res) => {
    if (request.method === "POST" && request.path === "/version1/messaging") return answer(request, res);
    res.writeHead(404, { "content-type": "text/plain" }).end("Not found");
  }, () => false, options.port ?? 0);

  return {
    url: server.url,
    // A deadline the local fake never misses, even in a loaded full run (one missed 2 s); a test of
    // no answer in time passes its own, shorter than the fake's delay.
    config: { baseUrl: server.url, username: app.username, apiKey: app.apiKey, timeoutMs: 10_000 },
    received: server.received,
    messages,
    failNext: server.failNext,
    script: (number, script) => void scripts.set(number, script),
    sendReportsTo: (url) => void (reportsUrl = url),
    report,
    close: server.close,
  };
}

/** The variables that point the app at the fake (SMS_PROVIDER and AFRICASTALKING_*). */
export const africasTalkingFakeEnv = (fake: AfricasTalkingFake): Record<string, string> => ({
  SMS_PROVIDER: "africastalking",
  AFRICASTALKING_BASE_URL: fake.config.baseUrl,
  AFRICASTALKING_USERNAME: fake.config.username,
  AFRICASTALKING_API_KEY: fake.config.apiKey,
});
