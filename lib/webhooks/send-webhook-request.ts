import dns from "node:dns";
import https from "node:https";
import net from "node:net";
import { isAllowedPrivateHost, refusedCallbackHost } from "@/lib/network/callback-host";
import { classifyAddress } from "@/lib/network/classify-address";
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

type Request = {
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
 * A fresh connection per attempt (keepAlive off: a pooled socket would skip the lookup and its
 * check), but TLS sessions are resumed: a receiver's second attempt skips the full handshake, the
 * main CPU cost of a delivery for both sides. The certificate was checked for the same host name
 * when the session was made.
 */
const sessionCachingAgent = new https.Agent({ keepAlive: false, maxCachedSessions: 1000 });

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
export async function sendWebhookRequest({ url: rawUrl, body, headers, settings }: Request): Promise<SendResult> {
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
  const elapsed = () => Math.round(performance.now() - started);
  return new Promise<SendResult>((resolve) => {
    let settled = false;
    const finish = (result: Omit<SendResult, "durationMs" | "permanent">) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.destroy();
      resolve({ ...result, durationMs: elapsed(), permanent: false });
    };
    const request = https.request(url, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json", "content-length": String(Buffer.byteLength(body)) },
      lookup: checkedLookup(allowPrivate),
      agent: sessionCachingAgent,
    });
    const timer = setTimeout(() => {
      finish({ ok: false, httpStatus: null, responseExcerpt: null, error: `timeout: no answer within ${settings.timeoutMs} ms` });
    }, settings.timeoutMs);

    request.on("response", (response) => {
      const status = response.statusCode ?? 0;
      const chunks: Buffer[] = [];
      let size = 0;
      const done = () => {
        const responseExcerpt = Buffer.concat(chunks).subarray(0, RESPONSE_EXCERPT_BYTES).toString("utf8");
        if (status >= 200 && status < 300) return finish({ ok: true, httpStatus: status, responseExcerpt, error: null });
        const error =
          status >= 300 && status < 400
            ? `redirect not followed: HTTP ${status}${response.headers.location ? ` to ${response.headers.location}` : ""}`
            : `HTTP ${status}`;
        finish({ ok: false, httpStatus: status, responseExcerpt, error });
      };
      response.on("data", (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.length;
        if (size >= RESPONSE_EXCERPT_BYTES) done();
      });
      response.on("end", done);
      response.on("error", done);
    });
    request.on("error", (error: NodeJS.ErrnoException) => {
      const reason =
        error instanceof BlockedAddressError
          ? error.message
          : `${error.code === "ECONNREFUSED" ? "connection refused" : "connection failed"}: ${error.code ?? ""} ${error.message}`.trim();
      finish({ ok: false, httpStatus: null, responseExcerpt: null, error: reason });
    });
    request.end(body);
  });
}
