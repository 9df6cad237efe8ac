import net from "node:net";
import { classifyAddress } from "./classify-address";

/** WEBHOOK_ALLOWED_PRIVATE_HOSTS: `host` or `host:port` entries that may resolve to private addresses (development, tests). */
export function allowedPrivateHosts(env: Record<string, string | undefined> = process.env): string[] {
  return (env.WEBHOOK_ALLOWED_PRIVATE_HOSTS ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Whether WEBHOOK_ALLOWED_PRIVATE_HOSTS names this URL's host (`host` for any port, `host:port` for one). */
export function isAllowedPrivateHost(url: URL, allowed: string[]): boolean {
  return allowed.some((entry) => {
    try {
      const named = new URL(`https://${entry}`);
      return named.port ? named.host === url.host : named.hostname === url.hostname;
    } catch {
      return false;
    }
  });
}

/**
 * Why a callback URL whose host is an IP literal can never receive a webhook (the SSRF guard's
 * reason), or null. A name is not resolved here: what it resolves to can change (rebinding), so
 * names are checked on every delivery. URL parsing has already normalised the odd spellings
 * (2130706433, 0x7f.1, 127.1, [::127.0.0.1]) to canonical literals.
 */
export function refusedCallbackHost(url: URL, allowedPrivateHosts: string[]): string | null {
  const bareHost = url.hostname.replace(/^\[|\]$/g, "");
  if (!net.isIP(bareHost) || isAllowedPrivateHost(url, allowedPrivateHosts)) return null;
  const verdict = classifyAddress(bareHost);
  return verdict.allowed ? null : verdict.reason;
}
