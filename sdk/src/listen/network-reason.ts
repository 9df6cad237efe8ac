/** Why fetch failed, in a word when there is one (ECONNREFUSED): undici hides it in `cause`. */
export function networkReason(error: unknown, timeoutMs: number): string {
  const e = error as Error & { cause?: { code?: string; message?: string; errors?: { code?: string }[] } };
  if (e.name === "TimeoutError") return `no answer within ${timeoutMs / 1000} s`;
  return e.cause?.code ?? e.cause?.errors?.[0]?.code ?? e.cause?.message ?? e.message;
}
