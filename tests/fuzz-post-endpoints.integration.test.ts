import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { ERROR_CODES } from "@/lib/http/error-codes";
import { call, type ApiResponse, type CallOptions } from "./helpers/api-client";
import { newMerchant, validDeposit, validLink } from "./helpers/fixtures";

// Every POST endpoint, fed bad input: every answer must be the error envelope with a 4xx code
// from the catalog (never a 5xx), and a refused request must write nothing.
const RUNS = Number(process.env.FUZZ_RUNS) || 1000;
const HEADER_RUNS = Math.max(100, Math.floor(RUNS / 4));

let merchant: Awaited<ReturnType<typeof newMerchant>>;
let linkReference: string;

beforeAll(async () => {
  merchant = await newMerchant();
  const link = await call("POST", "/test/api/v4/payments/link", { key: merchant.sandboxKey, body: validLink });
  linkReference = link.body.reference;
});

/** Rows of every table a POST can write to. */
async function rowCounts() {
  const client = db();
  const [links, deposits, idempotency, sessions, webhookEvents, audit] = await Promise.all([
    client.paymentLink.count(),
    client.deposit.count(),
    client.idempotencyKey.count(),
    client.staffSession.count(),
    client.webhookEvent.count(),
    client.auditEntry.count(),
  ]);
  return { links, deposits, idempotency, sessions, webhookEvents, audit };
}

function expectRefused(res: ApiResponse, input: unknown) {
  const context = `${res.status} ${JSON.stringify(res.body)?.slice(0, 300)} for ${JSON.stringify(input)?.slice(0, 300)}`;
  expect(res.status, context).toBeGreaterThanOrEqual(400);
  expect(res.status, context).toBeLessThan(500);
  expect(res.headers.get("cache-control"), context).toBe("no-store");
  expect(Object.keys(res.body ?? {}), context).toEqual(["error"]);
  const code = res.body.error.code as keyof typeof ERROR_CODES;
  expect(ERROR_CODES[code], context).toBeDefined();
  expect(ERROR_CODES[code].status, context).toBeLessThan(500);
  expect(typeof res.body.error.message, context).toBe("string");
}

// ---- generators -------------------------------------------------------------------------

// Values are generated as JSON text, so deep nesting and odd numbers reach the server as sent
// (JSON.stringify would turn 1e309 into null, and fast-check's own reporting recurses).
const json = (value: unknown) => JSON.stringify(value);
const hugeString = fc.integer({ min: 1_000, max: 80_000 }).map((n) => json("é".repeat(n)));
const unicodeString = fc.string({ unit: "grapheme", maxLength: 40 });
const deepNesting = fc
  .tuple(fc.integer({ min: 50, max: 5_000 }), fc.boolean())
  .map(([depth, objects]) => (objects ? '{"n":'.repeat(depth) + "1" + "}".repeat(depth) : "[".repeat(depth) + "1" + "]".repeat(depth)));
const oddNumberText = fc.constantFrom("1e309", "-1e309", "-0", "0.0000000000000000001", "123456789012345678901234567890", "1E400", "-0.0");
const nanString = fc.constantFrom("NaN", "Infinity", "-Infinity", "null", "undefined", "0x10", "");

/** JSON text of another type than the field wants (so it is never valid where it lands). */
const wrongTypeFor = (valid: unknown): fc.Arbitrary<string> =>
  fc.oneof(
    typeof valid === "number"
      ? fc.oneof(nanString.map(json), unicodeString.map(json), fc.boolean().map(json), hugeString)
      : fc.oneof(fc.integer().map(json), fc.double().map(json), fc.boolean().map(json), oddNumberText),
    fc.constant("null"),
    fc.array(fc.jsonValue(), { maxLength: 3 }).map(json),
    fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue(), { maxKeys: 3 }).map(json),
    deepNesting,
  );

type Body = Record<string, unknown>;

/** valid, as JSON text, with field's value replaced by the given JSON text. */
const withField = (valid: Body, field: string, text: string) => json({ ...valid, [field]: "__VALUE__" }).replace('"__VALUE__"', () => text);

/** A body built from a valid one that the endpoint must refuse, as raw text. */
function invalidBodies(valid: Body, required: string[]): fc.Arbitrary<string> {
  const field = fc.constantFrom(...required);
  const missing = field.map((name) => {
    const { [name]: _dropped, ...rest } = valid;
    return json(rest);
  });
  const wrongType = field.chain((name) => wrongTypeFor(valid[name]).map((text) => withField(valid, name, text)));
  const extraField = fc
    .tuple(fc.string({ minLength: 1, maxLength: 20 }).filter((k) => !(k in valid) && k !== "__proto__"), fc.jsonValue())
    .map(([key, value]) => json({ ...valid, [key]: value }));
  const hugeField = fc.tuple(field, hugeString).map(([name, text]) => withField(valid, name, text));
  const numberText = fc.tuple(field, oddNumberText).map(([name, text]) => withField(valid, name, text));
  // The last duplicate wins in JSON.parse: give it a wrong type.
  const duplicateKey = field.map((name) => `${json(valid).slice(0, -1)},${json(name)}:{"dup":true}}`);
  const randomJson = fc.jsonValue().map(json);
  const randomText = fc.oneof(fc.string({ unit: "binary", maxLength: 200 }), unicodeString, nanString, oddNumberText);
  return fc.oneof(missing, wrongType, extraField, hugeField, numberText, duplicateKey, randomJson, randomText, deepNesting);
}

// ---- endpoints --------------------------------------------------------------------------

type Endpoint = { name: string; path: () => string; auth: boolean; valid: () => Body; required: string[] };

const depositFields = ["amount", "currency", "customerPhone", "country", "gatewayName"];
const ENDPOINTS: Endpoint[] = [
  { name: "create payment link", path: () => "/test/api/v4/payments/link", auth: true, valid: () => validLink, required: ["amount", "currency", "description"] },
  { name: "deposit initiate", path: () => "/test/api/v4/deposit/initiate", auth: true, valid: () => validDeposit, required: depositFields },
  { name: "deposit initiate (classic alias)", path: () => "/test/api/v4/classic/deposit/initiate", auth: true, valid: () => validDeposit, required: depositFields },
  { name: "generate invoice", path: () => "/test/api/v4/validation/deposit/generate-invoice", auth: true, valid: () => validDeposit, required: depositFields },
  { name: "generate invoice (alias)", path: () => "/test/api/v4/validation/deposit", auth: true, valid: () => validDeposit, required: depositFields },
  { name: "confirm deposit", path: () => "/test/api/v4/validation/deposit/confirm", auth: true, valid: () => ({ trxReference: "DEP_INV_TEST_NOPE", otp: "123456" }), required: ["trxReference", "otp"] },
  { name: "checkout attempt", path: () => `/test/api/checkout/${linkReference}/attempts`, auth: false, valid: () => ({ gatewayName: "MTN_MOMO_CI", country: "CI", customerPhone: "+2250700000444" }), required: ["gatewayName", "country", "customerPhone"] },
  { name: "checkout otp", path: () => `/test/api/checkout/${linkReference}/otp`, auth: false, valid: () => ({ otp: "123456" }), required: ["otp"] },
  { name: "admin sign-in", path: () => "/admin/api/session", auth: false, valid: () => ({ email: "nobody@example.com", password: "wrong" }), required: ["email", "password"] },
];

const post = (endpoint: Endpoint, options: CallOptions) =>
  call("POST", endpoint.path(), { key: endpoint.auth ? merchant.sandboxKey : undefined, ...options });

describe.each(ENDPOINTS)("fuzzing POST $name", (endpoint) => {
  it(`refuses ${RUNS} generated bad bodies with a catalogued 4xx and writes nothing`, async () => {
    const before = await rowCounts();
    await fc.assert(
      fc.asyncProperty(invalidBodies(endpoint.valid(), endpoint.required), async (rawBody) => {
        const res = await post(endpoint, { rawBody, headers: { "idempotency-key": `fuzz-${Math.random()}` } });
        expectRefused(res, rawBody);
      }),
      { numRuns: RUNS },
    );
    expect(await rowCounts()).toEqual(before);
  }, 120_000);

  it("refuses bad headers: Authorization, Content-Type, Idempotency-Key, huge values", async () => {
    const printable = fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 300 });
    const badHeaders = fc.oneof(
      // Unauthenticated endpoints ignore Authorization; the body is then what gets refused.
      printable.map((value) => ({ headers: { authorization: value }, key: undefined, body: {} })),
      printable.map((value) => ({ headers: { authorization: `Bearer ${value}` }, key: undefined, body: {} })),
      fc.integer({ min: 8_000, max: 60_000 }).map((n) => ({ headers: { authorization: `Bearer sk_test_${"a".repeat(n)}` }, key: undefined, body: {} })),
      fc
        // (The sign-in endpoint takes the login form's urlencoded body on purpose.)
        .constantFrom("text/plain", "application/xml", "multipart/form-data; boundary=x", "application/jsonx", "json", "", ...(endpoint.auth ? ["application/x-www-form-urlencoded"] : []))
        .map((type) => ({ headers: { "content-type": type }, body: endpoint.required.includes("amount") ? endpoint.valid() : { nope: true } })),
      fc
        .oneof(fc.constant(""), fc.integer({ min: 256, max: 4_000 }).map((n) => "k".repeat(n)), fc.constant(" "))
        .map((key) => ({ headers: { "idempotency-key": key }, body: endpoint.auth ? endpoint.valid() : { nope: true } })),
      fc.integer({ min: 10_000, max: 60_000 }).map((n) => ({ headers: { "x-huge": "h".repeat(n) }, body: { nope: true } })),
    );
    const before = await rowCounts();
    await fc.assert(
      fc.asyncProperty(badHeaders, async (input) => {
        const res = await post(endpoint, input);
        expectRefused(res, { ...input, headers: Object.fromEntries(Object.entries(input.headers).map(([k, v]) => [k, v.slice(0, 80)])) });
      }),
      { numRuns: HEADER_RUNS },
    );
    expect(await rowCounts()).toEqual(before);
  }, 120_000);
});
