// Loaded into the Next.js server by NODE_OPTIONS="--require ./scripts/server-preload.cjs"
// (`npm start`, `npm run dev`, e2e/serve.ts, the benchmark). Four things done in Node's HTTP
// server, before Next.js sees a request (route handlers never see the socket):
//
// 1. The client's address. Every request gets the socket's address appended to X-Forwarded-For,
//    as a proxy would append it. Next.js sets that header from the socket only when the client
//    sent none, so without this a client's own X-Forwarded-For would pass for the socket's and
//    escape every per-address limit. lib/request/client-address.ts reads the right-most entry as the
//    socket's address and trusts entries left of it only as TRUSTED_PROXIES says.
//
// 2. Request headers over Node's limit (16 KiB by default, `--max-http-header-size`) are refused
//    by Node before Next.js sees the request, with a bare 431. Here they get the API's error
//    envelope instead, with the same status.
//
// 3. The API lane (lib/http/api-lane): once instrumentation.ts has opened it, it answers the
//    merchant API's requests itself, after 1. and 4., and leaves every other request to Next.
//
// 4. Methods Next cannot route. No fetch Request can carry TRACE (the Fetch standard forbids
//    it), so Next answered it with a bare 500 before any route ran; the other methods Node
//    accepts (PROPFIND, QUERY, ...) got Next's bare 400. On the API trees (the merchant API,
//    the checkout's, the support view's) such a request goes on as a PATCH, which every route
//    file exports, carrying the method asked in x-pcs-unrouted-method: the route refuses it with
//    400/40017 and its Allow header (lib/http/api-route.ts, routeMethods), through the lane or
//    through Next alike. The header is removed from every other request, so only this sets it.
//    CONNECT, which Node never hands to a request handler, and a method Node does not know at
//    all (a parse error) get the same envelope here, without Allow: they name no route of ours.
"use strict";
const http = require("node:http");

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

// The catalog's messages (lib/errors/error-codes.ts).
const headersTooLarge = () =>
  rawErrorAnswer(431, 40023, "Invalid request parameters", `The request's headers exceed ${http.maxHeaderSize} bytes in total; send fewer or shorter headers (cookies, tokens)`);
const methodRefused = (details) => rawErrorAnswer(400, 40017, "Unsupported HTTP method", details);

const ROUTED_METHODS = new Set(["GET", "HEAD", "OPTIONS", "POST", "PUT", "PATCH", "DELETE"]);
const API_TREES = /^\/(?:(?:test\/)?(?:api|public)|admin\/api)\//i;
const UNROUTED_METHOD_HEADER = "x-pcs-unrouted-method"; // lib/http/api-route.ts

function refuseConnect(request, socket) {
  socket.end(methodRefused(`CONNECT is not supported: this server is not a proxy (asked for ${request.url})`));
}

const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function (event, ...args) {
  if (event === "request") {
    const request = args[0];
    const peer = request.socket && request.socket.remoteAddress;
    if (peer) {
      const forwarded = request.headers["x-forwarded-for"];
      request.headers["x-forwarded-for"] = forwarded ? `${forwarded}, ${peer}` : peer;
    }
    delete request.headers[UNROUTED_METHOD_HEADER];
    if (!ROUTED_METHODS.has(request.method) && API_TREES.test(request.url)) {
      request.headers[UNROUTED_METHOD_HEADER] = request.method;
      request.method = "PATCH";
    }
    const lane = globalThis.__pcsApiLane;
    if (lane && lane.take(request, args[1])) return true;
  } else if (event === "clientError") {
    const [error, socket] = args;
    // Node answers only when nothing was written yet; so do we. Anything else: Node's own answer.
    const answer =
      error && error.code === "HPE_HEADER_OVERFLOW" ? headersTooLarge()
      : error && error.code === "HPE_INVALID_METHOD" ? methodRefused("The request's method is not one HTTP servers know")
      : null;
    if (answer && socket.writable && socket.bytesWritten === 0) {
      socket.end(answer);
      return true;
    }
  } else if (event === "listening" && this.listenerCount("connect") === 0) {
    // Without a listener Node drops a CONNECT request's connection unanswered.
    this.on("connect", refuseConnect);
  }
  return emit.call(this, event, ...args);
};
