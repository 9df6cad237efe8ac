import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import { ERROR_CODES } from "@/lib/core/errors/error-codes";
import { isLocale, LOCALE_COOKIE } from "@/lib/core/i18n/locales";
import { recordWebhookEvent } from "@/lib/features/webhooks/record-webhook-event";
import { call, ORIGIN, type ApiResponse, type CallOptions } from "../helpers/api-client";
import { newKey, newMerchant, validDeposit, validLink } from "../helpers/fixtures";
import { fundMerchant } from "../helpers/fund-merchant";
import { staffSession, type StaffSession } from "../helpers/staff-session";
import { newFormToken } from "@/lib/core/domain/form-token";

// Every POST endpoint (and the support view's sign-out), fed bad input: every answer must be the
// error envelope with a 4xx code from the catalog (never a 5xx), and a refused request must write
// nothing. Where a request could succeed but for the one thing made bad (the body, a header, the
// path parameter), everything else is valid, so a check that lets it through shows as a write.
const RUNS = Number(process.env.FUZZ_RUNS) || 1000;
const HEADER_RUNS = Math.max(100, Math.floor(RUNS / 4));
const PARAM_RUNS = HEADER_RUNS;

type Body = Record<string, unknown>;

let merchant: Awaited<ReturnType<typeof newMerchant>>;
let linkReference: string;
let pageReference: string;
let manualTransfer: string;
let transferBatch: string;
let redirectDeposit: string;
let deliveryId: string;
let spareKeyId: string;
let admin: StaffSession;
let support: StaffSession;
let signInTarget: StaffSession;

beforeAll(async () => {
  merchant = await newMerchant();
  const link = await call("POST", "/test/api/v4/payments/link", { key: merchant.sandboxKey, body: validLink });
  linkReference = link.body.reference;
  const page = await call("POST", "/test/api/v4/payments/page", { key: merchant.sandboxKey, body: { description: "Boutique Awa", currency: "XOF" } });
  pageReference = page.body.reference;
  // Enough balance that the transfer endpoint's refusals are the fuzzed input's, not the balance's.
  await fundMerchant(merchant.sandboxKey, [100_000]);
  const transfer = await call("POST", "/test/api/v4/transfers/instant", { key: merchant.sandboxKey, body: manualTransferBody });
  expect(transfer.status).toBe(200);
  manualTransfer = transfer.body.reference;
  // Made with the merchant's own key, which no member made: it can never be approved, even by a request that got through.
  const batch = await call("POST", "/test/api/v4/transfers/batch", { key: merchant.sandboxKey, body: { items: [{ reference: "fuzz-held", ...directTransferBody }] } });
  expect(batch.status).toBe(200);
  transferBatch = batch.body.reference;
  const deposit = await call("POST", "/test/api/v4/deposit/initiate", { key: merchant.sandboxKey, body: { ...validDeposit, gatewayName: "WAVE_CI" } });
  expect(deposit.body.paymentType).toBe("REDIRECT");
  redirectDeposit = deposit.body.reference;
  spareKeyId = (await newKey(merchant.id, "sandbox")).id;
  deliveryId = await db().$transaction(async (tx) => {
    await recordWebhookEvent(tx, {
      merchantId: merchant.id,
      environment: "sandbox",
      type: "payment_link.expired",
      reference: linkReference,
      url: "https://hooks.example/payments",
      payload: { event: "payment_link.expired", reference: linkReference },
    });
    const delivery = await tx.webhookDelivery.findFirstOrThrow({ where: { event: { reference: linkReference } } });
    await tx.webhookDelivery.update({ where: { id: delivery.id }, data: { status: "dead", deadAt: new Date(), nextAttemptAt: null } });
    return delivery.id;
  });
  [admin, support, signInTarget] = [await staffSession("admin"), await staffSession("support"), await staffSession("support")];
});

/**
 * What any of these endpoints could write, limited to this file's merchant and staff (on
 * PostgreSQL other test files share the database): row counts, and the state that the admin
 * actions and the operator page change in place.
 */
async function snapshot() {
  const client = db();
  const mine = { merchantId: merchant.id };
  const staffIds = { in: [admin.id, support.id, signInTarget.id] };
  const byReference = { orderBy: { reference: "asc" as const }, select: { reference: true, status: true } };
  const [links, deposits, transfers, refunds, ledgerEntries, balanceLocks, idempotencyKeys, webhookEvents, deliveries, apiKeys, secret, sessions, audit, pages, batches] =
    await Promise.all([
      client.paymentLink.findMany({ where: mine, ...byReference }),
      client.deposit.findMany({ where: mine, ...byReference }),
      client.transfer.findMany({ where: mine, ...byReference }),
      client.refund.findMany({ where: mine, ...byReference }),
      client.ledgerEntry.count({ where: mine }),
      client.balanceLock.count({ where: mine }),
      client.idempotencyKey.count({ where: mine }),
      client.webhookEvent.count({ where: mine }),
      client.webhookDelivery.findMany({ where: { event: mine }, orderBy: { id: "asc" }, select: { id: true, status: true, nextAttemptAt: true } }),
      client.apiKey.findMany({ where: mine, orderBy: { id: "asc" }, select: { id: true, revokedAt: true } }),
      client.merchant.findUniqueOrThrow({ where: { id: merchant.id }, select: { webhookSecret: true } }),
      client.session.count({ where: { userId: staffIds } }),
      client.auditEntry.count({ where: { staffId: staffIds } }),
      client.paymentPage.findMany({ where: mine, ...byReference }),
      client.transferBatch.findMany({ where: mine, ...byReference }),
    ]);
  return { links, deposits, transfers, refunds, ledgerEntries, balanceLocks, idempotencyKeys, webhookEvents, deliveries, apiKeys, secret, sessions, audit, pages, batches };
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

// Each case from its own address, so the per-address limits (checkout, sign-in) answer 429 only
// where a case means to reach them, and the fuzzed input is what gets judged.
let caseNumber = 0;
const nextAddress = () => `10.${(++caseNumber >> 16) & 255}.${(caseNumber >> 8) & 255}.${caseNumber & 255}`;

// ---- generators -------------------------------------------------------------------------

// Values are generated as JSON text, so deep nesting and odd numbers reach the server as sent
// (JSON.stringify would turn 1e309 into null, and fast-check's own reporting recurses).
const json = (value: unknown) => JSON.stringify(value);
const hugeString = fc.integer({ min: 1_000, max: 80_000 }).map((n) => json("é".repeat(n)));
const unicodeString = fc.string({ unit: "grapheme", maxLength: 40 });
// Text that breaks storage, parsers, or comparisons: U+0000 and lone surrogates (PostgreSQL
// refuses both), bidi and zero-width marks, injections, paths, percent-encodings.
const nastyString = fc.oneof(
  fc.constantFrom("\u0000", "a\u0000b", "\ud800", "x\udfff", "\u202eIC", "\ufeffCI", "\u200b", "%00", "' OR 1=1 --", "../../etc/passwd", "${7*7}", "<script>alert(1)</script>", " ", "\t\n"),
  fc.string({ unit: "binary", maxLength: 30 }),
);
const deepNesting = fc
  .tuple(fc.integer({ min: 50, max: 5_000 }), fc.boolean())
  .map(([depth, objects]) => (objects ? '{"n":'.repeat(depth) + "1" + "}".repeat(depth) : "[".repeat(depth) + "1" + "]".repeat(depth)));
/**
 * Numbers at the edges, as JSON text: none is valid for any field of these endpoints (amounts are
 * 100..10,000,000 or > 0 up to 10^10 in whole XOF, expiresIn 5..2,592,000 whole seconds, every
 * other field is not a number), so each must be refused. Issue 13: the generators never reached
 * 1e21..1e308, where converting an amount to minor units threw (a 500), nor 1e-21, which a
 * deposit took as an amount of 0.
 */
const EDGE_NUMBERS = [
  "1e21", "1e+21", "1e308", "-1e308", String(Number.MAX_VALUE), String(-Number.MAX_VALUE), "1e309", "-1e309", "1E400", "-1E400",
  "5e-324", "-5e-324", String(Number.MIN_VALUE), "4.9e-324", "2.2250738585072014e-308", "1e-21", "1e-400", "0e-400", "2.5e-7",
  "0.0000000000000000001", String(2 ** 53), "9007199254740993", "-9007199254740993", "123456789012345678901234567890",
  "10000000001", "-0", "-0.0", "-0e0", "-0E+5", "1.0000001e2",
];
const numberJson = (n: number) => (Object.is(n, -0) ? "-0" : String(n));
/** Random numbers at the edges, every one invalid where EDGE_NUMBERS are (see there). */
const edgeNumberText = fc.oneof(
  fc.constantFrom(...EDGE_NUMBERS),
  // Huge: above every maximum, up to the largest double.
  fc.double({ min: 1e11, max: Number.MAX_VALUE, noNaN: true, noDefaultInfinity: true }).map(numberJson),
  // Zero, negative zero and every negative number.
  fc.double({ min: -Number.MAX_VALUE, max: 0, noNaN: true, noDefaultInfinity: true }).map(numberJson),
  // Tiny: decimals no XOF amount has, and below every minimum.
  fc.double({ min: Number.MIN_VALUE, max: 1e-3, noNaN: true, noDefaultInfinity: true }).map(numberJson),
  // Integers past 2^53 written out in full (JSON.parse rounds them, or makes them Infinity).
  fc.bigInt({ min: 10n ** 11n, max: 10n ** 400n }).chain((n) => fc.constantFrom(String(n), `-${n}`)),
  // Exponent notation, both cases, explicit or implied sign.
  fc
    .tuple(fc.integer({ min: 1, max: 9 }), fc.nat({ max: 9 }), fc.oneof(fc.integer({ min: 11, max: 400 }), fc.integer({ min: -400, max: -4 })), fc.constantFrom("e", "E"), fc.boolean())
    .map(([whole, fraction, exponent, e, plus]) => `${whole}.${fraction}${e}${exponent > 0 && plus ? "+" : ""}${exponent}`),
);
/** Numbers a JSON parser cannot give back exactly: beyond 2^53 - 1 in magnitude. */
const unsafeNumberText = fc.oneof(
  fc.constantFrom("1e21", "1e308", "-1e308", String(Number.MAX_VALUE), String(2 ** 53), "9007199254740993", "-9007199254740993", "1e309"),
  fc.double({ min: 2 ** 53, max: Number.MAX_VALUE, noNaN: true, noDefaultInfinity: true }).chain((n) => fc.constantFrom(String(n), `-${n}`)),
  fc.bigInt({ min: 2n ** 53n, max: 10n ** 30n }).map(String),
);
const oddNumberText = fc.oneof(fc.constantFrom("1e309", "-1e309", "-0", "0.0000000000000000001", "123456789012345678901234567890", "1E400", "-0.0"), edgeNumberText);
const nanString = fc.constantFrom("NaN", "Infinity", "-Infinity", "null", "undefined", "0x10", "");

/** JSON text of another type than the field wants (so it is never valid where it lands). */
const wrongTypeFor = (valid: unknown): fc.Arbitrary<string> => {
  const isObject = valid !== null && typeof valid === "object" && !Array.isArray(valid);
  return fc.oneof(
    typeof valid === "number"
      ? fc.oneof(nanString.map(json), unicodeString.map(json), fc.boolean().map(json), hugeString)
      : fc.oneof(fc.integer().map(json), fc.double().map(json), fc.boolean().map(json), oddNumberText),
    fc.constant("null"),
    Array.isArray(valid) ? unicodeString.map(json) : fc.array(fc.jsonValue(), { maxLength: 3 }).map(json),
    isObject ? fc.array(fc.jsonValue(), { maxLength: 3 }).map(json) : fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue(), { maxKeys: 3 }).map(json),
    deepNesting,
  );
};

/** valid, as JSON text, with field's value replaced by the given JSON text. */
const withField = (valid: Body, field: string, text: string) => json({ ...valid, [field]: "__VALUE__" }).replace('"__VALUE__"', () => text);

type BodySpec = {
  valid: () => Body;
  /** Refused when missing. */
  required: string[];
  /** Present in valid but optional: given wrong types, never dropped. */
  optional?: string[];
  /** String fields where any other string is refused too (a code, a name looked up, a format). */
  closed?: string[];
  /** Number fields, and the error code of each: fed the edges of the number line on top of the rest. */
  numeric?: Record<string, number>;
};

/** A body built from a valid one that the endpoint must refuse, as raw text. */
function invalidBodies(spec: BodySpec): fc.Arbitrary<string> {
  const valid = spec.valid();
  const fields = [...spec.required, ...(spec.optional ?? [])];
  const field = fc.constantFrom(...fields);
  const wrongType = field.chain((name) => wrongTypeFor(valid[name]).map((text) => withField(valid, name, text)));
  const extraField = fc
    .tuple(fc.string({ minLength: 1, maxLength: 20 }).filter((k) => !(k in valid) && k !== "__proto__"), fc.jsonValue())
    .map(([key, value]) => json({ ...valid, [key]: value }));
  const hugeField = fc.tuple(field, hugeString).map(([name, text]) => withField(valid, name, text));
  const numberText = fc.tuple(field, oddNumberText).map(([name, text]) => withField(valid, name, text));
  // The last duplicate wins in JSON.parse: give it a wrong type (an array is no metadata value either).
  const duplicateKey = field.map((name) => `${json(valid).slice(0, -1)},${json(name)}:{"dup":[true]}}`);
  // With every field optional, an object of known fields only could be a valid request.
  const couldBeValid = (value: unknown) =>
    spec.required.length === 0 && value !== null && typeof value === "object" && !Array.isArray(value) && Object.keys(value).every((k) => fields.includes(k));
  const randomJson = fc.jsonValue().filter((value) => !couldBeValid(value)).map(json);
  const randomText = fc.oneof(fc.string({ unit: "binary", maxLength: 200 }), unicodeString, nanString, oddNumberText);
  const variants = [wrongType, extraField, hugeField, numberText, duplicateKey, randomJson, randomText, deepNesting];
  const numeric = Object.keys(spec.numeric ?? {});
  if (numeric.length > 0) {
    variants.push(fc.tuple(fc.constantFrom(...numeric), edgeNumberText).map(([name, text]) => withField(valid, name, text)));
  }
  if ("metadata" in valid) {
    variants.push(unsafeNumberText.map((text) => withField(valid, "metadata", `{"orderId":${text}}`)));
  }
  if (spec.required.length > 0) {
    variants.push(
      fc.constantFrom(...spec.required).map((name) => {
        const { [name]: _dropped, ...rest } = valid;
        return json(rest);
      }),
    );
  }
  if (spec.closed?.length) {
    const otherString = fc.oneof(nastyString, unicodeString);
    variants.push(
      fc
        .tuple(fc.constantFrom(...spec.closed), otherString)
        .filter(([name, text]) => text !== valid[name])
        .map(([name, text]) => withField(valid, name, json(text))),
    );
  }
  return fc.oneof(...variants);
}

/** A path parameter that names nothing: text of every kind, near misses of real references, huge. */
const unknownParam = (real: string) =>
  fc
    .oneof(
      unicodeString,
      nastyString,
      fc.string({ unit: "binary", minLength: 1, maxLength: 60 }),
      fc.constantFrom(real.toLowerCase(), `${real} `, ` ${real}`, real.slice(0, -1), `${real}0`, `${real}%00`, `${real}\u0000`, encodeURIComponent(real)),
      fc.constantFrom("LINK_TEST_", "DEP_TEST_", "TRF_TEST_", "BATCH_TEST_", "mer_", "key_", "whd_").chain((prefix) => fc.stringMatching(/^[0-9A-Z]{0,30}$/).map((s) => prefix + s)),
      fc.integer({ min: 1_000, max: 8_000 }).map((n) => "k".repeat(n)),
    )
    .filter((param) => param.length > 0 && !param.includes("/") && param !== real);

// ---- endpoints --------------------------------------------------------------------------

type Auth = "key" | "none" | "admin";
type Endpoint = {
  name: string;
  auth: Auth;
  /** The path, with the given path parameter where the route has one. */
  path: (param: string) => string;
  /** The real path parameter (a link, a transfer, a key...); the routes with one get it fuzzed. */
  param?: () => string;
  /** Undefined: the endpoint reads no body. */
  body?: BodySpec;
  /** Takes Idempotency-Key. */
  idempotent?: boolean;
  /** Also takes the login form's urlencoded body (answered with redirects). */
  form?: boolean;
};

const depositBody: BodySpec = {
  valid: () => ({ ...validDeposit, customerEmail: "awa@example.com", returnUrl: "https://merchant.example/back", metadata: { orderId: "1" } }),
  required: ["amount", "currency", "customerPhone", "country", "gatewayName"],
  optional: ["customerEmail", "returnUrl", "metadata"],
  closed: ["currency", "customerPhone", "country", "gatewayName"],
  numeric: { amount: 40010 },
};
const manualTransferBody = { amount: 1000, currency: "XOF", gatewayName: "TMONEY_TG", beneficiaryPhone: "+22890000444", country: "TG" };
const directTransferBody = { amount: 1000, currency: "XOF", gatewayName: "MTN_MOMO_CI", beneficiaryPhone: "+2250700000444", country: "CI" };
const reviewBody: BodySpec = { valid: () => ({ reason: "paid by hand" }), required: [], optional: ["reason"] };

const ENDPOINTS: Endpoint[] = [
  {
    name: "create payment link",
    auth: "key",
    path: () => "/test/api/v4/payments/link",
    idempotent: true,
    body: {
      valid: () => ({ ...validLink, customerEmail: "awa@example.com", callbackUrl: "https://merchant.example/hooks", expiresIn: 3600, metadata: { orderId: "1" } }),
      required: ["amount", "currency", "description"],
      optional: ["customerEmail", "callbackUrl", "expiresIn", "metadata"],
      closed: ["currency"],
      numeric: { amount: 40010, expiresIn: 40023 },
    },
  },
  {
    name: "create payment page",
    auth: "key",
    path: () => "/test/api/v4/payments/page",
    idempotent: true,
    body: {
      valid: () => ({
        description: "Boutique Awa",
        currency: "XOF",
        minAmount: 500,
        maxAmount: 50_000,
        maxPayments: 10,
        expiresIn: 3600,
        callbackUrl: "https://merchant.example/hooks",
        metadata: { shop: "1" },
      }),
      required: ["description", "currency"],
      optional: ["minAmount", "maxAmount", "maxPayments", "expiresIn", "callbackUrl", "metadata"],
      closed: ["currency"],
      numeric: { minAmount: 40010, maxAmount: 40010, maxPayments: 40023, expiresIn: 40023 },
    },
  },
  { name: "deactivate payment page", auth: "key", path: (ref) => `/test/api/v4/payments/page/${ref}/deactivate`, param: () => pageReference },
  { name: "activate payment page", auth: "key", path: (ref) => `/test/api/v4/payments/page/${ref}/activate`, param: () => pageReference },
  { name: "deposit initiate", auth: "key", path: () => "/test/api/v4/deposit/initiate", idempotent: true, body: depositBody },
  { name: "deposit initiate (classic)", auth: "key", path: () => "/test/api/v4/classic/deposit/initiate", idempotent: true, body: depositBody },
  {
    name: "generate invoice",
    auth: "key",
    path: () => "/test/api/v4/validation/deposit/generate-invoice",
    idempotent: true,
    body: { ...depositBody, valid: () => ({ ...depositBody.valid(), gatewayName: "ORANGE_MONEY_CI" }) },
  },
  {
    name: "generate invoice (alias)",
    auth: "key",
    path: () => "/test/api/v4/validation/deposit",
    idempotent: true,
    body: { ...depositBody, valid: () => ({ ...depositBody.valid(), gatewayName: "ORANGE_MONEY_CI" }) },
  },
  {
    name: "confirm deposit",
    auth: "key",
    path: () => "/test/api/v4/validation/deposit/confirm",
    body: { valid: () => ({ trxReference: "DEP_INV_TEST_NOPE", otp: "123456" }), required: ["trxReference", "otp"], closed: ["trxReference", "otp"] },
  },
  {
    name: "instant transfer",
    auth: "key",
    path: () => "/test/api/v4/transfers/instant",
    idempotent: true,
    body: {
      valid: () => ({ ...directTransferBody, beneficiaryName: "Awa", callbackUrl: "https://merchant.example/hooks", metadata: { payoutId: "1" } }),
      required: ["amount", "currency", "gatewayName", "beneficiaryPhone", "country"],
      optional: ["beneficiaryName", "callbackUrl", "metadata"],
      closed: ["currency", "gatewayName", "beneficiaryPhone", "country"],
      numeric: { amount: 40010 },
    },
  },
  {
    name: "transfer batch",
    auth: "key",
    path: () => "/test/api/v4/transfers/batch",
    idempotent: true,
    body: {
      valid: () => ({ title: "Salaires", callbackUrl: "https://merchant.example/hooks", items: [{ reference: "fuzz-line", ...directTransferBody }] }),
      required: ["items"],
      optional: ["title", "callbackUrl"],
    },
  },
  { name: "approve transfer batch", auth: "key", path: (ref) => `/test/api/v4/transfers/batch/${ref}/approve`, param: () => transferBatch },
  { name: "cancel transfer batch", auth: "key", path: (ref) => `/test/api/v4/transfers/batch/${ref}/cancel`, param: () => transferBatch },
  { name: "retry transfer batch", auth: "key", path: (ref) => `/test/api/v4/transfers/batch/${ref}/retry`, param: () => transferBatch },
  {
    name: "refund",
    auth: "key",
    path: () => "/test/api/v4/refunds",
    idempotent: true,
    // A real link of the merchant, not paid: even a request that got through would be refused.
    body: {
      valid: () => ({ paymentReference: linkReference, amount: 1000, reason: "cancelled", callbackUrl: "https://merchant.example/hooks", metadata: { orderId: "1" } }),
      required: ["paymentReference"],
      optional: ["amount", "reason", "callbackUrl", "metadata"],
      closed: ["paymentReference"],
      numeric: { amount: 40010 },
    },
  },
  {
    name: "checkout attempt",
    auth: "none",
    path: (reference) => `/test/api/checkout/${reference}/attempts`,
    param: () => linkReference,
    body: {
      valid: () => ({ gatewayName: "MTN_MOMO_CI", country: "CI", customerPhone: "+2250700000444" }),
      required: ["gatewayName", "country", "customerPhone"],
      closed: ["gatewayName", "country", "customerPhone"],
    },
  },
  {
    name: "checkout otp",
    auth: "none",
    path: (reference) => `/test/api/checkout/${reference}/otp`,
    param: () => linkReference,
    body: { valid: () => ({ otp: "123456" }), required: ["otp"], closed: ["otp"] },
  },
  {
    name: "support sign-in",
    auth: "none",
    path: () => "/admin/api/session",
    form: true,
    // A real account with a wrong password: a sign-in that let a bad body through would show as a session.
    body: { valid: () => ({ email: signInTarget.email, password: "not the password" }), required: ["email", "password"], closed: ["email", "password"] },
  },
  {
    name: "support sign-in, second step",
    auth: "none",
    path: () => "/admin/api/session/two-factor",
    form: true,
    // No sign-in is pending (no cookie): a step that let a bad body through would still open nothing.
    body: { valid: () => ({ code: "123456" }), required: ["code"], closed: ["code"] },
  },
  {
    name: "admin: issue an API key",
    auth: "admin",
    path: (id) => `/admin/api/merchants/${id}/keys`,
    param: () => merchant.id,
    body: { valid: () => ({ environment: "sandbox", scopes: ["links:read"] }), required: ["environment"], optional: ["scopes"], closed: ["environment"] },
  },
  { name: "admin: revoke an API key", auth: "admin", path: (id) => `/admin/api/keys/${id}/revoke`, param: () => spareKeyId },
  { name: "admin: rotate the webhook secret", auth: "admin", path: (id) => `/admin/api/merchants/${id}/webhook-secret`, param: () => merchant.id },
  { name: "admin: retry a webhook delivery", auth: "admin", path: (id) => `/admin/api/webhooks/deliveries/${id}/retry`, param: () => deliveryId },
  { name: "admin: approve a transfer", auth: "admin", path: (ref) => `/admin/api/transfers/${ref}/approve`, param: () => manualTransfer, body: reviewBody },
  { name: "admin: reject a transfer", auth: "admin", path: (ref) => `/admin/api/transfers/${ref}/reject`, param: () => manualTransfer, body: reviewBody },
];

const adminHeaders = (who: StaffSession) => ({ cookie: who.cookie, "x-csrf-token": who.csrf });

/** A request to the endpoint as a legitimate caller would send it, then changed by options. */
function send(endpoint: Endpoint, options: CallOptions & { param?: string; valid?: boolean } = {}) {
  const { param = endpoint.param?.() ?? "", valid = false, ...rest } = options;
  const credentials: CallOptions =
    endpoint.auth === "key" ? { key: merchant.sandboxKey } : endpoint.auth === "admin" ? { headers: adminHeaders(admin) } : {};
  // The support view's decisions carry their form's one-time token (a post without one is refused
  // before anything else is read): each case is a newly drawn form, so what refuses it is the case's own.
  const formToken: Record<string, string> = endpoint.auth === "admin" ? { "idempotency-key": newFormToken() } : {};
  return call("POST", endpoint.path(param), {
    ...credentials,
    ...(valid && endpoint.body ? { body: endpoint.body.valid() } : {}),
    ...rest,
    headers: { "x-forwarded-for": nextAddress(), ...credentials.headers, ...rest.headers, ...formToken },
  });
}

/** Runs the property, then checks that no case wrote anything. */
async function assertNothingWritten<T>(arbitrary: fc.Arbitrary<T>, runs: number, check: (input: T) => Promise<void>) {
  const before = await snapshot();
  await fc.assert(fc.asyncProperty(arbitrary, check), { numRuns: runs });
  expect(await snapshot()).toEqual(before);
}

const printable = fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 300 });
const badContentType = fc.constantFrom("text/plain", "application/xml", "multipart/form-data; boundary=x", "application/jsonx", "json", "");

/** Header sets that must be refused, each with the rest of the request valid where it can be. */
function badHeaders(endpoint: Endpoint): fc.Arbitrary<CallOptions> {
  const body = endpoint.body?.valid();
  const huge = fc.integer({ min: 10_000, max: 60_000 }).map((n) => "h".repeat(n));
  const variants: fc.Arbitrary<CallOptions>[] = [];
  // (Not on the endpoints that read no body: there the content type cannot be what refuses them.)
  if (body) variants.push(badContentType.map((type) => ({ body, headers: { "content-type": type } })));
  if (endpoint.auth === "admin") {
    const signedOut = { cookie: "", "x-csrf-token": admin.csrf };
    const host = new URL(ORIGIN).host;
    variants.push(
      fc.constant({ body, headers: signedOut }),
      printable.map((token) => ({ body, headers: { ...signedOut, cookie: `pcs-support.session_token=${token}` } })),
      fc.integer({ min: 8_000, max: 60_000 }).map((n) => ({ body, headers: { ...signedOut, cookie: `pcs-support.session_token=${"a".repeat(n)}` } })),
      fc.constant({ body, headers: { cookie: admin.cookie, "x-csrf-token": "" } }),
      printable.map((csrf) => ({ body, headers: { cookie: admin.cookie, "x-csrf-token": csrf } })),
      fc.constant({ body, headers: { cookie: admin.cookie, "x-csrf-token": support.csrf } }),
      fc.constant({ body, headers: adminHeaders(support) }),
      fc.constant({ body, headers: { ...adminHeaders(admin), authorization: `Bearer ${merchant.sandboxKey}` } }),
      fc
        .oneof(printable, fc.webUrl().map((url) => new URL(url).origin), fc.constantFrom("null", "http://pay.test.evil.example", "http://pay.test:8443"))
        // An empty Origin is no Origin; and the check compares hosts only (behind a TLS proxy
        // the app sees http), so another scheme on this host is this site.
        .filter((origin) => origin.trim() !== "" && !(URL.canParse(origin) && new URL(origin).host === host))
        .map((origin) => ({ body, headers: { ...adminHeaders(admin), origin, host } })),
      huge.map((value) => ({ body, headers: { ...signedOut, "x-huge": value } })),
    );
  } else {
    // Where the Authorization header is ignored (auth "none"), only the body can be refused.
    const withAuthorization = { key: undefined, body: endpoint.auth === "key" ? body : { nope: true } };
    variants.push(
      // A huge header is no reason to refuse by itself (the front door's 16 KiB limit is tested
      // over HTTP): the request is refused by its body, or, on a key route that reads none (a
      // payment page's activate/deactivate), by its missing key.
      huge.map((value) => ({ ...(endpoint.auth === "key" && !endpoint.body ? { key: undefined } : {}), body: { nope: true }, headers: { "x-huge": value } })),
      printable.map((value) => ({ ...withAuthorization, headers: { authorization: value } })),
      printable.map((value) => ({ ...withAuthorization, headers: { authorization: `Bearer ${value}` } })),
      fc.integer({ min: 8_000, max: 60_000 }).map((n) => ({ ...withAuthorization, headers: { authorization: `Bearer sk_test_${"a".repeat(n)}` } })),
    );
  }
  if (endpoint.idempotent) {
    variants.push(
      fc
        .oneof(fc.constantFrom("", " ", "é", "a\u0001b"), fc.integer({ min: 256, max: 4_000 }).map((n) => "k".repeat(n)))
        .map((key) => ({ body, headers: { "idempotency-key": key } })),
    );
  }
  return fc.oneof(...variants);
}

describe.each(ENDPOINTS)("fuzzing POST $name", (endpoint) => {
  const { body, param } = endpoint;
  if (body) {
    // Not left to chance: every edge number in every field, the rest of the body valid.
    it("refuses every edge number in every field; a number field with its own code", async () => {
      const valid = body.valid();
      const fields = [...body.required, ...(body.optional ?? [])];
      const before = await snapshot();
      for (const field of fields) {
        for (const text of EDGE_NUMBERS) {
          const rawBody = withField(valid, field, text);
          const res = await send(endpoint, { rawBody, headers: { "idempotency-key": `edge-${Math.random()}` } });
          expectRefused(res, rawBody);
          const code = body.numeric?.[field];
          if (code) expect([res.status, res.body.error.code], rawBody).toEqual([400, code]);
        }
      }
      expect(await snapshot()).toEqual(before);
    }, 120_000);

    it(`refuses ${RUNS} generated bad bodies with a catalogued 4xx and writes nothing`, async () => {
      await assertNothingWritten(invalidBodies(body), RUNS, async (rawBody) => {
        expectRefused(await send(endpoint, { rawBody, headers: { "idempotency-key": `fuzz-${Math.random()}` } }), rawBody);
      });
    }, 120_000);
  }

  it("refuses bad headers: credentials, CSRF, Origin, Content-Type, Idempotency-Key, huge values", async () => {
    await assertNothingWritten(badHeaders(endpoint), HEADER_RUNS, async (input) => {
      const res = await send(endpoint, input);
      expectRefused(res, { ...input, headers: Object.fromEntries(Object.entries(input.headers ?? {}).map(([k, v]) => [k, v.slice(0, 80)])) });
    });
  }, 120_000);

  if (param) {
    it("refuses a path parameter that names nothing, the rest of the request valid", async () => {
      await assertNothingWritten(unknownParam(param()), PARAM_RUNS, async (unknown) => {
        expectRefused(await send(endpoint, { param: unknown, valid: true }), unknown.slice(0, 100));
      });
    }, 120_000);
  }
});

describe("fuzzing the simulated operator's decision (sandbox REDIRECT page)", () => {
  const decide = (reference: string, rawBody: string, contentType = "application/x-www-form-urlencoded", prefix = "/test") =>
    call("POST", `${prefix}/sandbox/operator/${reference}/decision`, { rawBody, headers: { "content-type": contentType } });
  const decisionIsValid = (text: string) => new URLSearchParams(text).getAll("decision").some((d) => d === "approve" || d === "decline");

  it(`refuses ${RUNS} forms without a decision, and decides nothing`, async () => {
    const form = fc.oneof(
      fc.oneof(unicodeString, nastyString, fc.constantFrom("APPROVE", "approve ", "decline\u0000", "")).map((decision) => new URLSearchParams({ decision }).toString()),
      fc.dictionary(fc.string({ maxLength: 10 }), fc.string({ maxLength: 20 })).map((fields) => new URLSearchParams(fields).toString()),
      fc.string({ unit: "binary", maxLength: 300 }),
      hugeString,
      fc.constant(json({ decision: "approve" })),
    );
    const contentType = fc.oneof(fc.constant("application/x-www-form-urlencoded"), badContentType, fc.constant("application/json"));
    await assertNothingWritten(
      fc.tuple(form, contentType).filter(([text]) => !decisionIsValid(text)),
      RUNS,
      async ([text, type]) => expectRefused(await decide(redirectDeposit, text, type), { text: text.slice(0, 100), type }),
    );
  }, 120_000);

  it("refuses a reference that names nothing, and the production path, with a valid decision", async () => {
    await assertNothingWritten(unknownParam(redirectDeposit), PARAM_RUNS, async (reference) => {
      expectRefused(await decide(reference, "decision=approve"), reference.slice(0, 100));
    });
    const before = await snapshot();
    expectRefused(await decide(redirectDeposit, "decision=approve", undefined, ""), "production path");
    expect(await snapshot()).toEqual(before);
  }, 120_000);
});

describe("fuzzing POST /locale (the language switch)", () => {
  it(`answers ${RUNS} generated forms with a redirect that stays on the site, never a 5xx`, async () => {
    const segment = fc.constantFrom("/", "\\", "//", ".", "..", "\t", "\n", "\r", " ", "%2F", "@", ":", "?", "#", "evil.example", "é", "€", "\u0000", "\ud800");
    const redirect = fc.oneof(fc.array(segment, { maxLength: 8 }).map((parts) => `/${parts.join("")}`), fc.string({ unit: "binary", maxLength: 100 }), fc.webUrl());
    const locale = fc.oneof(fc.constantFrom("fr", "en", "FR", "de", "", "fr\u0000"), unicodeString);
    const contentType = fc.oneof(fc.constant("application/x-www-form-urlencoded"), badContentType);
    await fc.assert(
      fc.asyncProperty(redirect, locale, contentType, async (back, language, type) => {
        const rawBody = new URLSearchParams({ locale: language, redirect: back }).toString();
        const res = await call("POST", "/locale", { rawBody, headers: { "content-type": type } });
        const context = JSON.stringify({ back, language, type, location: res.headers.get("location") });
        expect(res.status, context).toBe(303);
        const location = res.headers.get("location")!;
        expect(location, context).toMatch(/^\/(?!\/)[\x21-\x7e]*$/);
        expect(new URL(location, ORIGIN).origin, context).toBe(ORIGIN);
        const cookie = res.headers.get("set-cookie");
        if (cookie) expect(isLocale(new RegExp(`^${LOCALE_COOKIE}=([^;]*);`).exec(cookie)?.[1]), context).toBe(true);
      }),
      { numRuns: RUNS },
    );
  }, 120_000);
});

describe("fuzzing DELETE /admin/api/session (sign-out)", () => {
  it("signs out nobody else, whatever the cookie", async () => {
    const cookie = fc.oneof(
      printable,
      printable.map((token) => `pcs-support.session_token=${token}`),
      fc.integer({ min: 8_000, max: 60_000 }).map((n) => `pcs-support.session_token=${"a".repeat(n)}`),
      fc.constantFrom(`pcs-support.session_token=${admin.csrf}`, `${admin.cookie.split("=")[1]}`, `x${admin.cookie}`, `pcs-support.session_token=; ${admin.cookie.replace("=", "= ")}`),
    );
    await assertNothingWritten(cookie, HEADER_RUNS, async (value) => {
      const res = await call("DELETE", "/admin/api/session", { headers: { cookie: value } });
      expect(res.status, value.slice(0, 80)).toBe(204);
      expect(res.headers.get("set-cookie")).toMatch(/^pcs-support\.session_token=; .*Max-Age=0/);
    });
    expect((await call("GET", "/admin/api/session", { headers: adminHeaders(admin) })).status).toBe(200);
  }, 120_000);
});
