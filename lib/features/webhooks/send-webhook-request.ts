import dns from "node:dns";
import https from "node:https";
import net from "node:net";
import { isAllowedPrivateHost, refusedCallbackHost } from "@/lib/core/network/callback-host";
import { classifyAddress } from "@/lib/core/network/classify-address";
import { RESPONSE_EXCERPT_BYTES, type WebhookSettings } from "./webhook-settings";

export type SendResult = {
  ok: boolean;
  httpStatus: number | null;
  durationMs: number;
  responseExcerpt: string | null;
  error: string | null;
  /** The URL itself can never be delivered to (not HTTPS, a refused bare IP): no point retrying. */
  permanent: boolean;
};

type WebhookRequest = {
  url: string;
  body: string;
  headers: Record<string, string>;
  settings: WebhookSettings;
};

class BlockedAddressError extends Error {}

/**
 * The resolver the socket connects with: it resolves the name once, refuses the connection if
 * any address is not public, and hands the socket the very addresses it checked, so there is no
 * window for DNS rebinding between the check and the connect.
 */
function checkedLookup(allowPrivate: boolean): net.LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { all: true, family: options.family, hints: options.hints }, (error, addresses) => {
      if (error) return callback(error, "", 0);
      if (!allowPrivate) {
        for (const { address } of addresses) {
          const verdict = classifyAddress(address);
          if (!verdict.allowed) {
            return callback(new BlockedAddressError(`refused by the SSRF guard: ${hostname} resolves to ${verdict.reason}`), "", 0);
          }
        }
      }
      if (options.all) return callback(null, addresses);
      callback(null, addresses[0].address, addresses[0].family);
    });
  };
}

/**
 * Connections are kept open between attempts to the same receiver: a new TLS connection (the
 * handshake, and a secure context built for it) was most of a delivery's CPU, on both sides. A
 * reused socket skips the lookup, but it was made to an address checkedLookup accepted, so it
 * still leads there; receivers that may resolve to private addresses get sockets of their own,
 * never shared with those that may not. Idle sockets close after IDLE_SOCKET_MS, before the
 * usual server keep-alive timeouts (Node's 5 s), and sooner if the receiver says so (Keep-Alive:
 * timeout=...); TLS sessions are still resumed when a new connection is needed.
 */
const IDLE_SOCKET_MS = 4_000;
const agents = {
  public: new https.Agent({ keepAlive: true, timeout: IDLE_SOCKET_MS, maxCachedSessions: 1000 }),
  allowedPrivate: new https.Agent({ keepAlive: true, timeout: IDLE_SOCKET_MS, maxCachedSessions: 1000 }),
};

function refusal(error: string, permanent: boolean): SendResult {
  return { ok: false, httpStatus: null, durationMs: 0, responseExcerpt: null, error, permanent };
}

/**
 * POSTs one webhook with the SSRF guard: HTTPS only, the connection made to the checked address,
 * redirects never followed (a 3xx is a failed attempt), the whole exchange bounded by
 * settings.timeoutMs and the answer's body by RESPONSE_EXCERPT_BYTES. node:https rather than
 * fetch, whose global dispatcher would ignore the checked lookup. Certificates are checked
 * against Node's CA store (a private CA comes in through NODE_EXTRA_CA_CERTS). Never throws.
 */
export async function sendWebhookRequest({ url: rawUrl, body, headers, settings }: WebhookRequest): Promise<SendResult> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return refusal(`refused: ${rawUrl} is not a URL`, true);
  }
  if (url.protocol !== "https:") return refusal(`refused: only HTTPS callback URLs are called, not ${url.protocol}`, true);
  const allowPrivate = isAllowedPrivateHost(url, settings.allowedPrivateHosts);
  // A bare IP never goes through the lookup: check it here (URLs stored before the create-time
  // check, or allowed then and no longer).
  const refused = refusedCallbackHost(url, settings.allowedPrivateHosts);
  if (refused) return refusal(`refused by the SSRF guard: ${refused}`, true);

  const started = performance.now();
  const agent = allowPrivate ? agents.allowedPrivate : agents.public;
  const first = await post(url, body, headers, settings, allowPrivate, agent, started);
  // A kept-alive socket the receiver closed while it sat idle fails before any answer: the
  // request never reached the receiver, so it goes again once, on a new connection.
  // A new socket (no agent) is never a stale one.
  return first === "stale socket" ? ((await post(url, body, headers, settings, allowPrivate, false, started)) as SendResult) : first;
}

function post(url: URL, body: string, headers: Record<string, string>, settings: WebhookSettings, allowPrivate: boolean, agent: https.Agent | false, started: number) {
  const elapsed = () => Math.round(performance.now() - started);
  return new Promise<SendResult | "stale socket">((resolve) => {
    let settled = false;
    const finish = (result: Omit<SendResult, "durationMs" | "permanent">, keepSocket = false) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      // A socket whose answer was read to its end goes back to the agent; any other is closed.
      if (!keepSocket) request.destroy();
      resolve({ ...result, durationMs: elapsed(), permanent: false });
    };
    const request = https.request(url, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json", "content-length": String(Buffer.byteLength(body)) },
      lookup: checkedLookup(allowPrivate),
      agent,
    });
    const timer = setTimeout(() => {
      finish({ ok: false, httpStatus: null, responseExcerpt: null, error: `timeout: no answer within ${settings.timeoutMs} ms` });
    }, settings.timeoutMs);

    request.on("response", (response) => {
      const status = response.statusCode ?? 0;
      const chunks: Buffer[] = [];
      let size = 0;
      const done = (complete: boolean) => {
        const responseExcerpt = Buffer.concat(chunks).subarray(0, RESPONSE_EXCERPT_BYTES).toString("utf8");
        if (status >= 200 && status < 300) return finish({ ok: true, httpStatus: status, responseExcerpt, error: null }, complete);
        const error =
          status >= 300 && status < 400
            ? `redirect not followed: HTTP ${status}${response.headers.location ? ` to ${response.headers.location}` : ""}`
            : `HTTP ${status}`;
        finish({ ok: false, httpStatus: status, responseExcerpt, error }, complete);
      };
      response.on("data", (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.length;
        if (size >= RESPONSE_EXCERPT_BYTES) done(false);
      });
      response.on("end", () => done(true));
      response.on("error", () => done(false));
    });
    request.on("error", (error: NodeJS.ErrnoException) => {
      if (!settled && request.reusedSocket && (error.code === "ECONNRESET" || error.code === "EPIPE")) {
        settled = true;
        clearTimeout(timer);
        request.destroy();
        return resolve("stale socket");
      }
      const reason =
        error instanceof BlockedAddressError
          ? error.message
          : `${error.code === "ECONNREFUSED" ? "connection refused" : "connection failed"}: ${error.code ?? ""} ${error.message}`.trim();
      finish({ ok: false, httpStatus: null, responseExcerpt: null, error: reason });
    });
    request.end(body);
  });
}
