// The request samples the reference shows for each operation (the OpenAPI `x-codeSamples` extension,
// which Scalar lists before the samples it generates, and selects first). The sandbox's comes
// first: a developer's first key is the sandbox key the dashboard shows, and a sample on the
// production path answers it 401. The production variant follows, labelled as such.

/** The placeholders a developer replaces with the keys the dashboard shows. */
export const sandboxKeyPlaceholder = "sk_test_YOUR_SANDBOX_KEY";
export const liveKeyPlaceholder = "sk_live_YOUR_LIVE_KEY";

export type CodeSample = { lang: "shell"; label: string; source: string };

export type SampleRequest = {
  method: string;
  /** The OpenAPI path, e.g. /api/v4/payments/link/{reference}. */
  path: string;
  pathParams?: Record<string, string>;
  query?: Record<string, string>;
  /** The JSON body's example, if the operation takes one. */
  body?: unknown;
  /** Whether the operation reads an Idempotency-Key header (every creating POST). */
  idempotent?: boolean;
  /** The operation answers without a key too (the gateway lists): the sample sends none. */
  keyOptional?: boolean;
};

/** A shell word in single quotes: an embedded quote closes, escapes and reopens. */
const quote = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;

/**
 * A sandbox example (references with TEST_) as production shows it: production references carry no
 * TEST_ (LINK_TEST_01... -> LINK_01...).
 */
const withoutTestPrefix = (text: string) => text.replaceAll("_TEST_", "_");

function curl(origin: string, request: SampleRequest, environment: "sandbox" | "live"): string {
  const adapt = environment === "sandbox" ? (text: string) => text : withoutTestPrefix;
  const path = request.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(adapt(request.pathParams?.[name] ?? name)));
  const query = request.query && Object.keys(request.query).length ? `?${new URLSearchParams(request.query)}` : "";
  const url = `${origin}${environment === "sandbox" ? "/test" : ""}${adapt(path)}${query}`;
  const key = environment === "sandbox" ? sandboxKeyPlaceholder : liveKeyPlaceholder;
  const lines = [`curl -X ${request.method.toUpperCase()} ${quote(url)}`];
  if (!request.keyOptional) lines.push(`-H ${quote(`Authorization: Bearer ${key}`)}`);
  if (request.body !== undefined) {
    lines.push(`-H ${quote("Content-Type: application/json")}`);
    if (request.idempotent) lines.push(`-H ${quote("Idempotency-Key: order-1234")}`);
    lines.push(`-d ${quote(adapt(JSON.stringify(request.body, null, 2)))}`);
  }
  return lines.join(" \\\n  ");
}

/** The operation's samples: the sandbox's first, then production's. */
export function codeSamples(origin: string, request: SampleRequest): CodeSample[] {
  return [
    { lang: "shell", label: "curl (sandbox)", source: curl(origin, request, "sandbox") },
    { lang: "shell", label: "curl (production)", source: curl(origin, request, "live") },
  ];
}
