import type { IncomingMessage } from "node:http";
import type { TLSSocket } from "node:tls";
import { MAX_BODY_BYTES } from "@/lib/surfaces/http/read-body-text";

// The standard Request the lane hands the route handlers. Built here rather than by
// @remix-run/node-fetch-server's createRequest, which pipes the socket into a web ReadableStream
// chunk by chunk and ties an AbortSignal to the response: the largest share of what a created link
// cost beyond the database floor (bench/profile.md). The API reads each body whole and at most
// MAX_BODY_BYTES of it (read-body-text.ts), and no handler reads request.signal, so the lane reads
// the body first, to one byte past the limit (enough for the handler's 413), and gives it as bytes.

/** The request's body, whole or cut one byte past MAX_BODY_BYTES; rejects if the client goes away first. */
function readBody(req: IncomingMessage): Promise<Uint8Array<ArrayBuffer>> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = (error: Error | null) => {
      req.off("data", onData).off("end", onEnd).off("error", onError).off("close", onClose);
      if (error) reject(error);
      else {
        const whole = Buffer.concat(chunks);
        resolve(new Uint8Array(whole.buffer, whole.byteOffset, Math.min(whole.byteLength, MAX_BODY_BYTES + 1)));
      }
    };
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.byteLength;
      // Enough to refuse: the rest stays unread (Node discards it once the answer is sent).
      if (size > MAX_BODY_BYTES) {
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

/** The Request for the handlers: our origin host (see LANE_ORIGIN_HOST in api-lane.ts), the client's headers, the body as bytes. */
export async function laneRequest(req: IncomingMessage, host: string): Promise<Request> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : value);
  }
  const protocol = (req.socket as TLSSocket).encrypted ? "https:" : "http:";
  const url = `${protocol}//${host}${req.url}`;
  const method = req.method ?? "GET";
  if (method === "GET" || method === "HEAD") return new Request(url, { method, headers });
  return new Request(url, { method, headers, body: await readBody(req) });
}
