import type { Event as EventJson } from "../types.js";
import { networkReason } from "./network-reason.js";

// The few calls webhooks:listen makes to the service, over HTTP like any integrator: always
// under /test, with the merchant's sandbox key.

export class SandboxApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: number | null,
    message: string,
  ) {
    super(message);
  }
}

export type SandboxApi = ReturnType<typeof sandboxApi>;

/** Refuses anything but a sandbox key: the listener follows the sandbox, never production. */
export function assertSandboxKey(key: string | undefined): asserts key is string {
  if (!key) throw new Error("--key is required: your sandbox key, sk_test_...");
  if (key.startsWith("sk_live_")) {
    throw new Error("listen only follows the sandbox: a live key (sk_live_...) is refused. Use your sandbox key, sk_test_...");
  }
  if (!key.startsWith("sk_test_")) throw new Error("--key must be a sandbox key, sk_test_...");
}

export function sandboxApi(options: { baseUrl: string; key: string; fetch?: typeof fetch }) {
  assertSandboxKey(options.key);
  const doFetch = options.fetch ?? fetch;
  const root = `${options.baseUrl.replace(/\/+$/, "")}/test`;

  async function request<T>(method: string, path: string, body?: unknown): Promise<{ body: T; serverTime: Date | null }> {
    const response = await doFetch(`${root}${path}`, {
      method,
      headers: { authorization: `Bearer ${options.key}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    }).catch((error: unknown) => {
      throw new Error(`cannot reach ${options.baseUrl} (${networkReason(error, 15_000)}): is the app running (npm run dev), or is --base-url wrong?`);
    });
    const text = await response.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      // Not our API (a wrong --base-url): said below with the status.
    }
    if (!response.ok) {
      const error = (json as { error?: { code?: number; message?: string; details?: string } } | null)?.error;
      const said = error ? `${error.code} ${error.message}${error.details ? `: ${error.details}` : ""}` : text.slice(0, 200);
      throw new SandboxApiError(response.status, error?.code ?? null, `${method} ${root}${path} answered ${response.status}: ${said}`);
    }
    const date = response.headers.get("date");
    return { body: json as T, serverTime: date ? new Date(date) : null };
  }

  return {
    listEvents: (query: Record<string, string>) =>
      request<{ data: EventJson[]; hasMore: boolean }>("GET", `/api/v4/events?${new URLSearchParams(query)}`),
    post: <T>(path: string, body: unknown) => request<T>("POST", path, body).then((r) => r.body),
    get: <T>(path: string) => request<T>("GET", path).then((r) => r.body),
  };
}
