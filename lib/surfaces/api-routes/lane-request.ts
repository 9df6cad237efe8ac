import type { IncomingMessage } from "node:http";
import type { TLSSocket } from "node:tls";

// The standard Request the lane hands the route handlers. Built here rather than by
// @remix-run/node-fetch-server's createRequest, which pipes the socket into a web ReadableStream
// chunk by chunk and ties an AbortSignal to the response: the largest share of what a created link
// cost beyond the database floor (bench/profile.md). The API reads each body whole and at most
// MAX_BODY_BYTES of it (read-body-text.ts; a route may take less, its ApiHandler's maxBodyBytes),
// and no handler reads request.signal, so the lane reads the body first, to one byte past the
// route's limit (enough for the handler's 413), and gives it as bytes: the Request's body, and
// the same bytes beside it for the route wrapper (RouteCall's bodyBytes) to read as they are.

/** The request's body, whole or cut one byte past `maxBytes`; rejects if the client goes away first. */
function readBody(req: IncomingMessage, maxBytes: number): Promise<Uint8Array<ArrayBuffer>> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = (error: Error | null) => {
      req.off("data", onData).off("end", onEnd).off("error", onError).off("close", onClose);
      if (error) reject(error);
      else {
        const whole = Buffer.concat(chunks);
        resolve(new Uint8Array(whole.buffer, whole.byteOffset, Math.min(whole.byteLength, maxBytes + 1)));
      }
    };
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.byteLength;
      // Enough to refuse: the rest stays unread (Node discards it once the answer is sent).
      if (size > maxBytes) {
        req.pause();
        done(null);
      }
    };
    const onEnd = () => done(null);
    const onError = (error: Error) => done(error);
    const onClose = () => done(new Error("the client closed the request before its body ended"));
    req.on("data", onData).once("end", onEnd).once("error", onError).once("close", onClose);
  });
}

/**
 * The client's headers as the Request's init: Node's own object when every value is a string
 * (the Request copies it into its Headers once; building a Headers first copied them twice), else
 * with the repeated ones joined as a Headers would join them.
 */
function headersOf(req: IncomingMessage): Record<string, string> {
  const raw = req.headers;
  for (const name in raw) {
    if (typeof raw[name] !== "string") {
      const joined: Record<string, string> = {};
      for (const [key, value] of Object.entries(raw)) if (value !== undefined) joined[key] = Array.isArray(value) ? value.join(", ") : value;
      return joined;
    }
  }
  return raw as Record<string, string>;
}

/**
 * The Request for the handlers: our origin host (see LANE_ORIGIN_HOST in api-lane.ts), the client's
 * headers, the body as bytes (up to one byte past `maxBytes`, the route's limit); and those bytes.
 */
export async function laneRequest(req: IncomingMessage, host: string, maxBytes: number): Promise<{ request: Request; body?: Uint8Array }> {
  const headers = headersOf(req);
  const protocol = (req.socket as TLSSocket).encrypted ? "https:" : "http:";
  const url = `${protocol}//${host}${req.url}`;
  const method = req.method ?? "GET";
  if (method === "GET" || method === "HEAD") return { request: new Request(url, { method, headers }) };
  const body = await readBody(req, maxBytes);
  return { request: new Request(url, { method, headers, body }), body };
}
