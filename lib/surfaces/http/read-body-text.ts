import { ApiError } from "@/lib/core/errors/api-error";

export const MAX_BODY_BYTES = 64 * 1024;

const tooLarge = (maxBytes: number) =>
  new ApiError(40023, { status: 413, details: `the body must be at most ${maxBytes} bytes` });

/**
 * The bytes of a Request's body when its maker read them already: the API lane reads a body
 * whole before it makes the Request (lib/surfaces/api-routes/lane-request.ts), and reading them
 * back through the Request's web stream cost a create link more than the read itself. The
 * Request keeps its body too, for anything that reads it otherwise.
 */
const bodiesRead = new WeakMap<Request, Uint8Array>();

export function withBodyRead(request: Request, bytes: Uint8Array): Request {
  bodiesRead.set(request, bytes);
  return request;
}

/**
 * The body as UTF-8 text, reading at most `maxBytes` (MAX_BODY_BYTES unless a route takes less)
 * whatever Content-Length claims: a declared length over it is a 413 before anything is read, and
 * a body without one (chunked) is counted as it streams in and cancelled once past it.
 */
export async function readBodyText(request: Request, maxBytes = MAX_BODY_BYTES): Promise<string> {
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge(maxBytes);

  const read = bodiesRead.get(request);
  if (read) {
    if (read.byteLength > maxBytes) throw tooLarge(maxBytes);
    return new TextDecoder("utf-8", { fatal: false }).decode(read);
  }

  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel();
        throw tooLarge(maxBytes);
      }
      chunks.push(value);
    }
  }
  return new TextDecoder("utf-8", { fatal: false }).decode(Buffer.concat(chunks));
}
