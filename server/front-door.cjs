// The front door: what our HTTP server (server/app-server.cjs) does with a request before Next.js
// sees it, on that one server's own 'request', 'clientError' and 'connect' events. Seven jobs,
// which Next cannot do for us because route handlers never see the socket, and Node answers some
// requests before any handler runs:
//
// 1. The client's address. Every request gets the socket's address appended to X-Forwarded-For,
//    as a proxy would append it. Next.js sets that header from the socket only when the client
//    sent none, so without this a client's own X-Forwarded-For would pass for the socket's and
//    escape every per-address limit. lib/surfaces/http/client-address.ts reads the right-most entry as the
//    socket's address and trusts entries left of it only as TRUSTED_PROXIES says.
//
// 2. Request headers over Node's limit (16 KiB by default, `--max-http-header-size`) are refused
//    by Node before any request handler runs, with a bare 431; a method Node does not know at all
//    is a parse error with a bare 400. Here ('clientError') they get the API's error envelope
//    instead, with the same status.
//
// 3. The API lane (lib/surfaces/api-routes/api-lane.ts): once Next has loaded the API routes' module in
//    this process, which opens it (openApiLane() leaves it on globalThis.__pcsApiLane), it answers the merchant API's
//    requests itself, after 1. and 4., and leaves every other request to Next (`take` returns
//    false).
//
// 4. Methods Next cannot route. No fetch Request can carry TRACE (the Fetch standard forbids it),
//    so Next answers it with a bare 500 before any route runs; the other methods Node accepts
//    (PROPFIND, QUERY, ...) get Next's bare 400. On the API trees (the merchant API, the
//    checkout's, the support view's) such a request goes on as a PATCH, which every route file
//    exports, carrying the method asked in x-pcs-unrouted-method: the route refuses it with
//    400/40017 and its Allow header (lib/surfaces/http/route-methods.ts), through the lane or
//    through Next alike. The header is removed from every other request, so only this sets it.
//    CONNECT, which Node never hands to a request handler (only to 'connect' listeners, and
//    drops the connection unanswered when there is none), gets the same envelope without Allow:
//    it names no route of ours.
//
// 5. The request target. An absolute-form target (`GET http://host/admin/... HTTP/1.1`, which
//    RFC 9112 says a server must accept) would pass every path check here, written for a path,
//    while Next routes it by its path: it becomes its origin form (path and query) with its
//    authority as the Host, as RFC 9112, 3.2.2 says, before anything looks at it. Any other target
//    that is not a path (`*`, `host:port`, another scheme) is refused with 400 in the envelope.
//    On a page (outside the API trees), a method Next cannot route (TRACE, PROPFIND...) is a 405
//    with the methods pages answer in Allow, not Next's bare 500 or 400.
//
// 6. /.well-known/security.txt (RFC 9116; server/security-txt.cjs): Next does not route a folder
//    whose name starts with a dot.
//
// 7. The customer's posts (the checkout's and payment pages' forms, the checkout's JSON) take at
//    most 8 KiB, held here before Next reads a page's body whole (server/customer-posts.cjs).
//
// Plain CommonJS, outside Next's build: the server runs it as it is (`node server/app-server.cjs`),
// in the checkout and in the standalone folder of the Docker image alike.
"use strict";
const http = require("node:http");
const { SECURITY_TXT_PATH, answerSecurityTxt } = require("./security-txt.cjs");
const { customerPostGate } = require("./customer-posts.cjs");

/** A whole HTTP/1.1 answer in the API's error envelope, for a socket no ServerResponse owns. */
function rawErrorAnswer(status, code, message, details) {
  const body = JSON.stringify({ error: { code, message, details } });
  return [
    `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}`,
    "Content-Type: application/json; charset=utf-8",
    `Content-Length: ${Buffer.byteLength(body)}`,
    "Cache-Control: no-store",
    "X-Content-Type-Options: nosniff",
    "Connection: close",
    "",
    body,
  ].join("\r\n");
}

// The catalog's messages (lib/core/errors/error-codes.ts).
const headersTooLarge = () =>
  rawErrorAnswer(431, 40023, "Invalid request parameters", `The request's headers exceed ${http.maxHeaderSize} bytes in total; send fewer or shorter headers (cookies, tokens)`);
const methodRefused = (details) => rawErrorAnswer(400, 40017, "Unsupported HTTP method", details);

/** The methods Next routes to our route files; any other on an API tree is job 4's. */
const ROUTED_METHODS = new Set(["GET", "HEAD", "OPTIONS", "POST", "PUT", "PATCH", "DELETE"]);
// The route table's trees (lib/core/domain/api-trees.ts; tests/api/trees.integration.test.ts keeps them alike).
const API_TREES = /^\/(?:(?:test\/)?(?:api|public)|admin\/api)\//i;
const UNROUTED_METHOD_HEADER = "x-pcs-unrouted-method"; // lib/surfaces/http/route-methods.ts

/** The methods a page answers (POST: server actions), for job 5's Allow. */
const PAGE_METHODS = "GET, HEAD, POST";

/** A whole answer in the API's error envelope, on a ServerResponse. */
function errorAnswer(res, status, code, message, details, headers = {}) {
  const body = JSON.stringify({ error: { code, message, details } });
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", "content-length": Buffer.byteLength(body), "cache-control": "no-store", "x-content-type-options": "nosniff", ...headers });
  res.end(body);
}

/**
 * Job 5's target: true when req.url is (now) a path; otherwise answers 400 and returns false.
 * Only http(s) absolute forms are taken, with an authority and no credentials.
 */
function originFormTarget(req, res) {
  if (req.url.startsWith("/")) return true;
  let target = null;
  if (/^https?:\/\//i.test(req.url)) {
    try {
      target = new URL(req.url);
    } catch {
      target = null;
    }
  }
  if (!target || !target.host || target.username || target.password) {
    errorAnswer(res, 400, 40023, "Invalid request parameters", "The request target must be a path (origin form), or an absolute http(s) URL");
    return false;
  }
  req.url = `${target.pathname}${target.search}`;
  req.headers.host = target.host;
  return true;
}

/**
 * The 'request' listener: jobs 5, 1, 6, 4, 7 and 3 in that order, then `handOn` (Next's request
 * handler) for every request the lane did not take.
 */
function frontDoor(handOn) {
  return function onRequest(req, res) {
    if (!originFormTarget(req, res)) return;
    const peer = req.socket.remoteAddress;
    if (peer) {
      const forwarded = req.headers["x-forwarded-for"];
      req.headers["x-forwarded-for"] = forwarded ? `${forwarded}, ${peer}` : peer;
    }
    delete req.headers[UNROUTED_METHOD_HEADER];
    const path = req.url.split("?", 1)[0];
    if (path === SECURITY_TXT_PATH) return answerSecurityTxt(req, res);
    if (!ROUTED_METHODS.has(req.method)) {
      if (!API_TREES.test(req.url)) {
        res.writeHead(405, { allow: PAGE_METHODS, "content-type": "text/plain; charset=utf-8", "cache-control": "no-store", "x-content-type-options": "nosniff" });
        return void res.end(`${req.method} is not supported here; allowed: ${PAGE_METHODS}\n`);
      }
      req.headers[UNROUTED_METHOD_HEADER] = req.method;
      req.method = "PATCH";
    }
    customerPostGate(req, res, path, () => {
      // Read at each request: the lane opens after the server listens (app-server.cjs's first
      // request to the API makes Next load it), and may never open (API_LANE=0, `npm run dev`).
      const lane = globalThis.__pcsApiLane;
      if (lane && lane.take(req, res)) return;
      handOn(req, res);
    });
  };
}

/**
 * Node's own answer to a parse error it has no envelope for (what it writes when a server has no
 * 'clientError' listener; having one turns that default off): a bare status, then the socket
 * closed.
 */
const NODE_DEFAULT_STATUS = { HPE_CHUNK_EXTENSIONS_OVERFLOW: 413, ERR_HTTP_REQUEST_TIMEOUT: 408 };

/** The 'clientError' listener: job 2, and Node's default answer for every other parse error. */
function onClientError(error, socket) {
  const code = error && error.code;
  // Answer only when nothing was written on this connection yet (no response of an earlier
  // request half sent), as the preload this replaces did: otherwise the socket is just closed.
  if (socket.writable && socket.bytesWritten === 0) {
    if (code === "HPE_HEADER_OVERFLOW") return void socket.end(headersTooLarge());
    if (code === "HPE_INVALID_METHOD") return void socket.end(methodRefused("The request's method is not one HTTP servers know"));
    if (code !== "ECONNRESET") {
      const status = NODE_DEFAULT_STATUS[code] ?? 400;
      return void socket.end(`HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nConnection: close\r\n\r\n`);
    }
  }
  socket.destroy();
}

/** The 'connect' listener (job 4's CONNECT): this server is not a proxy. */
function refuseConnect(req, socket) {
  socket.end(methodRefused(`CONNECT is not supported: this server is not a proxy (asked for ${req.url})`));
}

/** Puts the front door on `server` (a node:http Server of ours), handing on to `handOn`. */
function attachFrontDoor(server, handOn) {
  server.on("request", frontDoor(handOn));
  server.on("clientError", onClientError);
  server.on("connect", refuseConnect);
  return server;
}

module.exports = { API_TREES, attachFrontDoor, frontDoor, onClientError, PAGE_METHODS, refuseConnect, UNROUTED_METHOD_HEADER };
