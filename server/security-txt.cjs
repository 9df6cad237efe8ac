// /.well-known/security.txt (RFC 9116): where a researcher reports a vulnerability. Served by our
// server's front door (server/front-door.cjs): Next's App Router does not route a folder whose
// name starts with a dot, so app/.well-known/ would never be served.
//
// - Contact: SECURITY_CONTACT (comma-separated mailto:, https: or tel: URIs), by default
//   security@ the public host (the mailbox RFC 2142 names for it);
// - Expires: 180 days ahead, so the file is never stale (the RFC asks for less than a year);
// - Preferred-Languages: the languages we answer in;
// - Canonical: the file's own URL on the public address (BETTER_AUTH_URL, else PAYMENT_BASE_URL,
//   else the request's Host in development);
// - Policy: SECURITY_POLICY_URL, by default the public guide docs/guides/security.md, served at
//   /docs/guides/security (lib/surfaces/docs/guides.ts).
"use strict";

const PATH = "/.well-known/security.txt";
const EXPIRES_DAYS = 180;

function publicBase(env, host) {
  const configured = (env.BETTER_AUTH_URL || env.PAYMENT_BASE_URL || "").trim();
  if (configured) {
    try {
      return new URL(configured).origin;
    } catch {
      // A bad setting is the start-up checks' to refuse; the request's host still gives a URL.
    }
  }
  return `http://${host || "localhost"}`;
}

/** The file's text, for a request to `host`, at `now`. */
function securityTxt(env = process.env, host = "localhost", now = new Date()) {
  const base = publicBase(env, host);
  const policy = (env.SECURITY_POLICY_URL || "").trim() || `${base}/docs/guides/security`;
  const contacts = (env.SECURITY_CONTACT || "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  const expires = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + EXPIRES_DAYS));
  return [
    ...(contacts.length ? contacts : [`mailto:security@${new URL(base).hostname}`]).map((contact) => `Contact: ${contact}`),
    `Expires: ${expires.toISOString().replace(".000Z", "Z")}`,
    "Preferred-Languages: en, fr",
    `Canonical: ${base}${PATH}`,
    `Policy: ${policy}`,
    "",
  ].join("\n");
}

/** Answers GET and HEAD of the file; another method gets 405 with Allow. */
function answerSecurityTxt(req, res) {
  if (req.method !== "GET" && req.method !== "HEAD") {
    res.writeHead(405, { allow: "GET, HEAD", "content-type": "text/plain; charset=utf-8", "cache-control": "no-store", "x-content-type-options": "nosniff" });
    return void res.end("Method Not Allowed\n");
  }
  const body = securityTxt(process.env, req.headers.host);
  res.writeHead(200, {
    "content-type": "text/plain; charset=utf-8",
    "content-length": Buffer.byteLength(body),
    "cache-control": "public, max-age=86400",
    "x-content-type-options": "nosniff",
  });
  res.end(req.method === "HEAD" ? undefined : body);
}

module.exports = { SECURITY_TXT_PATH: PATH, answerSecurityTxt, securityTxt };
