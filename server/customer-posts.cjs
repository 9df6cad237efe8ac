// The front door's job 7 (server/front-door.cjs): what a customer posts without a key takes at
// most 8 KiB (issue 46) - a checkout step's form (/pay/{reference}/form), a payment page's "Pay"
// (/p/{reference}/pay), "was I charged?" (/check/form), and the checkout's JSON (/api/checkout/{reference}/attempts, /otp), each
// also under /test. These pages' posts go through Next's proxy (proxy.ts), which reads the body
// whole, keeping up to 10 MB of it, before any route of ours runs; so the cap is held here, before
// Next:
// - a declared Content-Length over the cap is answered 413 at once, nothing read;
// - a body without one (chunked) is left unread in the request's buffer and counted as it arrives:
//   413 as soon as more than the cap is waiting, handed on whole (nothing consumed) once complete.
// The answer closes the connection, so the rest is never read. A form path gets a page that says so
// and leads back to the form's page; the JSON paths the API's envelope (413/40023). The cap and the
// page are lib/surfaces/http/customer-posts.ts's, which the routes hold to as well
// (tests/platform/front-door-bodies.integration.test.ts keeps the two alike).
"use strict";

const CUSTOMER_POST_MAX_BYTES = 8 * 1024;

const FORM_PATHS = [/^((?:\/test)?\/pay\/[^/]+)\/form\/?$/, /^((?:\/test)?\/p\/[^/]+)\/pay\/?$/, /^((?:\/test)?\/check)\/form\/?$/];
const JSON_PATH = /^(?:\/test)?\/api\/checkout\/[^/]+\/(?:attempts|otp)\/?$/;

/** The kind of customer post a path is, with the form's page to lead back to; null for any other path. */
function customerPostOf(path) {
  let decoded;
  try {
    // Next routes the decoded path: /pay/X/%66orm is /pay/X/form.
    decoded = decodeURIComponent(path);
  } catch {
    return null;
  }
  for (const pattern of FORM_PATHS) {
    const match = pattern.exec(decoded);
    if (match) return { kind: "form", backPath: match[1] };
  }
  return JSON_PATH.test(decoded) ? { kind: "json" } : null;
}

const escapeHtml = (text) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** lib/surfaces/http/customer-posts.ts's tooLargeFormPage, word for word. */
function tooLargeFormPage(backPath) {
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    "<title>Form too large / Formulaire trop volumineux</title></head><body><main>",
    "<h1>The form sent too much</h1><p>Nothing was done. Go back to the page and try again.</p>",
    '<h1 lang="fr">Le formulaire envoyé est trop volumineux</h1><p lang="fr">Rien n’a été fait. Revenez à la page et réessayez.</p>',
    `<p><a href="${escapeHtml(backPath)}">Back to the page / Retour à la page</a></p>`,
    "</main></body></html>\n",
  ].join("");
}

function answerTooLarge(res, post) {
  const common = { "cache-control": "no-store", "x-content-type-options": "nosniff", connection: "close" };
  const body =
    post.kind === "form"
      ? tooLargeFormPage(post.backPath)
      : JSON.stringify({ error: { code: 40023, message: "Invalid request parameters", details: `the body must be at most ${CUSTOMER_POST_MAX_BYTES} bytes` } });
  const type = post.kind === "form" ? "text/html; charset=utf-8" : "application/json; charset=utf-8";
  // A static page: nothing for it to load or run.
  const policy = post.kind === "form" ? { "content-security-policy": "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'" } : {};
  res.writeHead(413, { "content-type": type, "content-length": Buffer.byteLength(body), ...common, ...policy });
  res.end(body);
}

/**
 * Job 7: calls `next()` for a request it lets through (any other path, or a body within the cap),
 * or answers 413 itself.
 */
function customerPostGate(req, res, path, next) {
  const post = customerPostOf(path);
  if (!post) return next();
  const declared = req.headers["content-length"];
  // Node's parser delivers no more than a declared length (and refuses one sent with chunked).
  if (declared !== undefined) return Number(declared) > CUSTOMER_POST_MAX_BYTES ? answerTooLarge(res, post) : next();
  if (!req.headers["transfer-encoding"]) return next();

  // Chunked: nothing read from the stream here ('readable' without read()), so Next reads it all.
  const settled = () => req.readableLength > CUSTOMER_POST_MAX_BYTES || req.complete;
  const decide = () => (req.readableLength > CUSTOMER_POST_MAX_BYTES ? answerTooLarge(res, post) : next());
  if (settled()) return decide();
  const onReadable = () => {
    if (!settled()) return;
    stop();
    decide();
  };
  const stop = () => {
    req.off("readable", onReadable);
    req.off("close", stop);
  };
  req.on("readable", onReadable);
  req.on("close", stop);
}

module.exports = { CUSTOMER_POST_MAX_BYTES, customerPostGate, customerPostOf, tooLargeFormPage };
