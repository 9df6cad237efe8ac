import { ApiError } from "./api-error";

export const MAX_BODY_BYTES = 64 * 1024;

const tooLarge = () =>
  new ApiError(40023, "Request body too large", { status: 413, details: `the body must be at most ${MAX_BODY_BYTES} bytes` });

/** Reads at most MAX_BODY_BYTES and parses JSON; anything else is the spec's 40016 or a 413. */
export async function readJsonBody(request: Request): Promise<unknown> {
  const type = request.headers.get("content-type") ?? "";
  if (!/^application\/(.+\+)?json\s*(;|$)/i.test(type)) {
    throw new ApiError(40016, "Body is not valid JSON", { details: "Content-Type must be application/json" });
  }
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
  const text = new TextDecoder("utf-8", { fatal: false }).decode(Buffer.concat(chunks));
  if (!text.trim()) throw new ApiError(40016, "Body is not valid JSON", { details: "the body is empty" });
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ApiError(40016, "Body is not valid JSON", { details: (error as Error).message });
  }
}
