import { ApiError } from "@/lib/core/errors/api-error";

export const MAX_BODY_BYTES = 64 * 1024;

const tooLarge = (maxBytes: number) =>
  new ApiError(40023, { status: 413, details: `the body must be at most ${maxBytes} bytes` });

/**
 * The body as UTF-8 text, reading at most `maxBytes` (MAX_BODY_BYTES unless a route takes less)
 * whatever Content-Length claims: a declared length over it is a 413 before anything is read, and
 * a body without one (chunked) is counted as it streams in and cancelled once past it.
 *
 * `read`: the body's bytes when the caller has them already. The API lane reads a body whole
 * before it makes the Request (lib/surfaces/api-routes/lane-request.ts) and hands the bytes on
 * (RouteCall's bodyBytes): reading them back through the Request's web stream cost a created link
 * more than the read itself.
 */
export async function readBodyText(request: Request, maxBytes = MAX_BODY_BYTES, read?: Uint8Array): Promise<string> {
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge(maxBytes);

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
