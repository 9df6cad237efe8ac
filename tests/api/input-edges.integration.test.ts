import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import { call } from "../helpers/api-client";
import { newMerchant, validDeposit, validLink } from "../helpers/fixtures";
import { fundMerchant } from "../helpers/fund-merchant";

// Issue 13, "Numbers at the edges" and "Errors that tell the truth": each example of the issue,
// sent as raw JSON text (JSON.stringify would turn some of them into null or 0).

type Merchant = Awaited<ReturnType<typeof newMerchant>>;
let m: Merchant;

beforeAll(async () => {
  m = await newMerchant();
  await fundMerchant(m.sandboxKey, [100_000]);
});

/** valid as JSON text with field's value replaced by the given text. */
const withText = (valid: object, field: string, text: string) =>
  JSON.stringify({ ...valid, [field]: "__VALUE__" }).replace('"__VALUE__"', () => text);

const post = (path: string, rawBody: string) => call("POST", path, { key: m.sandboxKey, rawBody });

const rows = async () => ({
  links: await db().paymentLink.count({ where: { merchantId: m.id } }),
  deposits: await db().deposit.count({ where: { merchantId: m.id } }),
  transfers: await db().transfer.count({ where: { merchantId: m.id } }),
});

const transferBody = { amount: 1000, currency: "XOF", gatewayName: "MTN_MOMO_CI", beneficiaryPhone: "+2250700000444", country: "CI" };

const AMOUNT_ENDPOINTS = [
  ["/test/api/v4/payments/link", validLink],
  ["/test/api/v4/classic/deposit/initiate", validDeposit],
  ["/test/api/v4/deposit/initiate", validDeposit],
  ["/test/api/v4/validation/deposit/generate-invoice", { ...validDeposit, gatewayName: "ORANGE_MONEY_CI" }],
  ["/test/api/v4/validation/deposit", { ...validDeposit, gatewayName: "ORANGE_MONEY_CI" }],
  ["/test/api/v4/transfers/instant", transferBody],
] as const;

// Huge and tiny magnitudes, the limits of a double, the first integer a double cannot hold,
// negative zero, exponents: none is an amount (links 100..10,000,000, others > 0 in whole XOF).
const EDGE_AMOUNTS = [
  "1e21", "1e308", "-1e308", String(Number.MAX_VALUE), `-${Number.MAX_VALUE}`, "5e-324", String(Number.MIN_VALUE),
  "-5e-324", "1e-21", "9007199254740993", "-9007199254740993", "-0", "-0.0", "1E400", "1e-400", "2.5e-7", "10000000001",
];

describe("numbers at the edges: 400 with the field's code, never a 500, nothing written", () => {
  it.each(AMOUNT_ENDPOINTS)("amount on %s", async (path, valid) => {
    const before = await rows();
    for (const text of EDGE_AMOUNTS) {
      const res = await post(path, withText(valid, "amount", text));
      expect([res.status, res.body.error?.code], `${path} amount ${text}: ${JSON.stringify(res.body)}`).toEqual([400, 40010]);
      expect(res.body.error.details, text).toMatch(/^amount /);
    }
    expect(await rows()).toEqual(before);
  });

  it("names the rule: too large, too small, not a number of the currency", async () => {
    const link = (text: string) => post("/test/api/v4/payments/link", withText(validLink, "amount", text));
    expect((await link("1e308")).body.error.details).toBe("amount must be at most 10000000");
    expect((await link("-1e308")).body.error.details).toBe("amount must be at least 100");
    const deposit = (text: string) => post("/test/api/v4/classic/deposit/initiate", withText(validDeposit, "amount", text));
    expect((await deposit("1e21")).body.error.details).toBe("amount must be at most 10000000000");
    // 1e-21 XOF used to be taken as a deposit of 0: toFixed(20) rounded it to a whole number.
    expect((await deposit("1e-21")).body.error.details).toBe("amount has more decimals than XOF allows");
    expect((await deposit("5e-324")).body.error.details).toBe("amount has more decimals than XOF allows");
  });

  it("expiresIn: every edge is 40023 naming the range", async () => {
    for (const text of ["1e21", "1e308", "-1e308", "9007199254740993", String(Number.MAX_VALUE)]) {
      const res = await post("/test/api/v4/payments/link", withText(validLink, "expiresIn", text));
      expect([res.status, res.body.error.code], text).toEqual([400, 40023]);
      expect(res.body.error.details, text).toMatch(/^expiresIn must be (at most 2592000|at least 5) seconds/);
    }
    for (const text of ["5e-324", "1e-21", "-0", "4.5"]) {
      const res = await post("/test/api/v4/payments/link", withText(validLink, "expiresIn", text));
      expect([res.status, res.body.error.code], text).toEqual([400, 40023]);
    }
    expect((await post("/test/api/v4/payments/link", withText(validLink, "expiresIn", "6e1"))).status).toBe(200);
  });

  it("metadata numbers: beyond 2^53 - 1 they would not come back as sent, so they are refused", async () => {
    for (const text of ["1e308", "-1e308", "9007199254740993", String(Number.MAX_VALUE)]) {
      const res = await post("/test/api/v4/payments/link", withText({ ...validLink, metadata: { id: 0 } }, "metadata", `{"id":${text}}`));
      expect([res.status, res.body.error.code], text).toEqual([400, 40023]);
      expect(res.body.error.details).toMatch(/^metadata\.id .*2\^53 - 1/);
    }
    const ok = await post("/test/api/v4/payments/link", JSON.stringify({ ...validLink, metadata: { id: 9007199254740991, tiny: 5e-324 } }));
    expect(ok.status).toBe(200);
  });
});

describe("errors that tell the truth", () => {
  it('"amount": "5000" is a type error, not "is required"', async () => {
    for (const [path, valid] of AMOUNT_ENDPOINTS) {
      const res = await post(path, JSON.stringify({ ...valid, amount: "5000" }));
      expect([res.status, res.body.error.code, res.body.error.details], path).toEqual([400, 40010, "amount must be a number"]);
    }
    const missing = await post("/test/api/v4/payments/link", JSON.stringify({ currency: "XOF", description: "x" }));
    expect(missing.body.error.details).toBe("amount is required");
  });

  it('"otp": 123456 (a number) is 400/40023 "otp must be a string of digits"; a missing otp stays 404/40007', async () => {
    const invoice = await post(
      "/test/api/v4/validation/deposit/generate-invoice",
      JSON.stringify({ ...validDeposit, gatewayName: "ORANGE_MONEY_CI" }),
    );
    expect(invoice.status).toBe(200);
    const confirm = (body: object) => post("/test/api/v4/validation/deposit/confirm", JSON.stringify(body));
    for (const otp of [123456, true, { code: "123456" }, ["123456"], null]) {
      const res = await confirm({ trxReference: invoice.body.reference, otp });
      expect([res.status, res.body.error.code, res.body.error.details], JSON.stringify(otp)).toEqual([400, 40023, "otp must be a string of digits"]);
    }
    const missing = await confirm({ trxReference: invoice.body.reference });
    expect([missing.status, missing.body.error.code, missing.body.error.details]).toEqual([404, 40007, "otp is required"]);
    // None of those counted as a wrong try: the right code still confirms.
    const ok = await confirm({ trxReference: invoice.body.reference, otp: "123456" });
    expect([ok.status, ok.body.status]).toEqual([200, "completed"]);
  });

  it("the checkout's otp of the wrong type is the same 400/40023", async () => {
    const link = await post("/test/api/v4/payments/link", JSON.stringify(validLink));
    const res = await call("POST", `/test/api/checkout/${link.body.reference}/otp`, { body: { otp: 123456 } });
    expect([res.status, res.body.error.code, res.body.error.details]).toEqual([400, 40023, "otp must be a string of digits"]);
  });

  it.each(["[]", "[1,2]", '[{"amount":5000}]', "null", '"x"', "12", "true"])("a body of %s must be a JSON object", async (rawBody) => {
    for (const path of ["/test/api/v4/payments/link", "/test/api/v4/classic/deposit/initiate", "/test/api/v4/validation/deposit/confirm", "/test/api/v4/transfers/instant"]) {
      const res = await post(path, rawBody);
      expect([res.status, res.body.error.code, res.body.error.details], path).toEqual([400, 40023, "body must be a JSON object"]);
    }
  });

  it("wrong types of other fields say which type is wanted", async () => {
    const res = await post("/test/api/v4/payments/link", JSON.stringify({ ...validLink, description: 12 }));
    expect([res.body.error.code, res.body.error.details]).toEqual([40023, "description must be a string"]);
    const phone = await post("/test/api/v4/classic/deposit/initiate", JSON.stringify({ ...validDeposit, customerPhone: 2250700000444 }));
    expect([phone.body.error.code, phone.body.error.details]).toEqual([40014, "customerPhone must be a string"]);
    const currency = await post("/test/api/v4/classic/deposit/initiate", JSON.stringify({ ...validDeposit, currency: null }));
    expect([currency.body.error.code, currency.body.error.details]).toEqual([40015, "currency must be a string"]);
  });
});
