import { ApiError } from "@/lib/core/errors/api-error";

export const MAX_BODY_BYTES = 64 * 1024;

const tooLarge = () =>
  new ApiError(40023, { status: 413, details: `the body must be at most ${MAX_BODY_BYTES} bytes` });

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

/** The body as UTF-8 text, reading at most MAX_BODY_BYTES whatever Content-Length claims; more is a 413. */
export async function readBodyText(request: Request): Promise<string> {
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > MAX_BODY_BYTES) throw tooLarge();

  const read = bodiesRead.get(request);
  if (read) {
    if (read.byteLength > MAX_BODY_BYTES) throw tooLarge();
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
      if (size > MAX_BODY_BYTES) {
        await reader.cancel();
        throw tooLarge();
      }
      chunks.push(value);
    }
  }
  return new TextDecoder("utf-8", { fatal: false }).decode(Buffer.concat(chunks));
}
