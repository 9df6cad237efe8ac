// Loaded into the Next.js server by NODE_OPTIONS="--require ./scripts/server-preload.cjs"
// (`npm start`, `npm run dev`, e2e/serve.ts, the benchmark). Three things done in Node's HTTP
// server, before Next.js sees a request (route handlers never see the socket):
//
// 1. The client's address. Every request gets the socket's address appended to X-Forwarded-For,
//    as a proxy would append it. Next.js sets that header from the socket only when the client
//    sent none, so without this a client's own X-Forwarded-For would pass for the socket's and
//    escape every per-address limit. lib/http/client-address.ts reads the right-most entry as the
//    socket's address and trusts entries left of it only as TRUSTED_PROXIES says.
//
// 2. Request headers over Node's limit (16 KiB by default, `--max-http-header-size`) are refused
//    by Node before Next.js sees the request, with a bare 431. Here they get the API's error
//    envelope instead, with the same status.
//
// 3. The API lane (lib/http/api-lane): once instrumentation.ts has opened it, it answers the
//    merchant API's requests itself, after 1., and leaves every other request to Next.
"use strict";
const http = require("node:http");

function headersTooLarge() {
  const body = JSON.stringify({
    error: {
      code: 40023,
      message: "Invalid request parameters", // the catalog's message for 40023 (lib/errors/error-codes.ts)
      details: `The request's headers exceed ${http.maxHeaderSize} bytes in total; send fewer or shorter headers (cookies, tokens)`,
    },
  });
  return [
    "HTTP/1.1 431 Request Header Fields Too Large",
    "Content-Type: application/json; charset=utf-8",
    `Content-Length: ${Buffer.byteLength(body)}`,
    "Cache-Control: no-store",
    "X-Content-Type-Options: nosniff",
    "Connection: close",
    "",
    body,
  ].join("\r\n");
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
    const lane = globalThis.__pcsApiLane;
    if (lane && lane.take(request, args[1])) return true;
  } else if (event === "clientError") {
    const [error, socket] = args;
    // Node answers only when nothing was written yet; so do we. Anything else: Node's own answer.
    if (error && error.code === "HPE_HEADER_OVERFLOW" && socket.writable && socket.bytesWritten === 0) {
      socket.end(headersTooLarge());
      return true;
    }
  }
  return emit.call(this, event, ...args);
};
