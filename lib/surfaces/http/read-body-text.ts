import { ApiError } from "@/lib/core/errors/api-error";

export const MAX_BODY_BYTES = 64 * 1024;

const tooLarge = () =>
  new ApiError(40023, { status: 413, details: `the body must be at most ${MAX_BODY_BYTES} bytes` });

/** The body as UTF-8 text, reading at most MAX_BODY_BYTES whatever Content-Length claims; more is a 413. */
export async function readBodyText(request: Request): Promise<string> {
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > MAX_BODY_BYTES) throw tooLarge();

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
