import { beforeAll, describe, expect, it } from "vitest";
import { createStaff } from "@/lib/features/staff/create-staff";
import { db } from "@/lib/core/db/client";
import { call } from "../helpers/api-client";
import { newMerchant, validDeposit, validLink } from "../helpers/fixtures";
import { newFormToken } from "@/lib/core/domain/form-token";

// Regressions found by fuzzing: U+0000 or an unpaired surrogate in any string that reached a
// query made PostgreSQL fail it, and the request a 500. Now the field's 4xx, nothing written.
let merchant: Awaited<ReturnType<typeof newMerchant>>;
let admin: { cookie: string; "x-csrf-token": string };
const staff = { email: `unstorable-${Date.now()}@support.example`, password: "a long enough password" };

beforeAll(async () => {
  merchant = await newMerchant();
  await createStaff(db(), { ...staff, role: "admin" });
  const res = await call("POST", "/admin/api/session", { body: staff, headers: { "x-forwarded-for": "198.51.100.7" } });
  admin = { cookie: res.headers.get("set-cookie")!.split(";")[0], "x-csrf-token": res.body.csrfToken };
});

const written = async () => {
  const where = { merchantId: merchant.id };
  const [links, deposits, transfers, idempotency] = await Promise.all([
    db().paymentLink.count({ where }),
    db().deposit.count({ where }),
    db().transfer.count({ where }),
    db().idempotencyKey.count({ where }),
  ]);
  return { links, deposits, transfers, idempotency };
};

describe("text the database cannot store", () => {
  it("in a JSON body, a string or a key: the field's 400", async () => {
    const before = await written();
    const cases: [string, string, number, string][] = [
      ["/test/api/v4/payments/link", '{"amount":5000,"currency":"XOF","description":"a\\u0000b"}', 40023, "description"],
      ["/test/api/v4/payments/link", '{"amount":5000,"currency":"XOF","description":"a\\ud800b"}', 40023, "description"],
      ["/test/api/v4/payments/link", JSON.stringify({ ...validLink, metadata: { "k\u0000": "v" } }), 40023, "metadata.k\u0000"],
      ["/test/api/v4/payments/link", JSON.stringify({ ...validLink, metadata: { k: "\u0000" } }), 40023, "metadata.k"],
      ["/test/api/v4/deposit/initiate", JSON.stringify({ ...validDeposit, gatewayName: "MTN_MOMO_CI\u0000" }), 40012, "gatewayName"],
      ["/test/api/v4/deposit/initiate", JSON.stringify({ ...validDeposit, customerName: "Awa\u0000" }), 40023, "customerName"],
      ["/test/api/v4/validation/deposit/confirm", '{"trxReference":"DEP_INV_TEST_\\udc00","otp":"123456"}', 40023, "trxReference"],
      ["/test/api/v4/transfers/instant", '{"amount":1000,"currency":"XOF","gatewayName":"\\u0000","beneficiaryPhone":"+2250700000444","country":"CI"}', 40012, "gatewayName"],
    ];
    for (const [path, rawBody, code, field] of cases) {
      const res = await call("POST", path, { key: merchant.sandboxKey, rawBody, headers: { "idempotency-key": `unstorable-${Math.random()}` } });
      expect([res.status, res.body.error.code], rawBody).toEqual([400, code]);
      expect(res.body.error.details).toBe(`${field} must not contain U+0000 or unpaired surrogates`);
    }
    expect(await written()).toEqual(before);
  });

  it("in a path parameter: not found", async () => {
    const attempt = await call("POST", "/test/api/checkout/LINK_TEST_\u0000/attempts", {
      body: { gatewayName: "MTN_MOMO_CI", country: "CI", customerPhone: "+2250700000444" },
    });
    expect([attempt.status, attempt.body.error.code]).toEqual([404, 40004]);
    const read = await call("GET", "/test/api/v4/payments/link/LINK_TEST_\u0000", { key: merchant.sandboxKey });
    expect(read.status).toBe(404);
    const approve = await call("POST", "/admin/api/transfers/TRF_\u0000/approve", { headers: { ...admin, "idempotency-key": newFormToken() }, body: {} });
    expect(approve.status).toBe(404);
  });

  it("in a support-view query string: the parameter's 400", async () => {
    for (const [path, query] of [
      ["/admin/api/search", { q: "awa\u0000" }],
      ["/admin/api/links", { merchantId: "\u0000" }],
      ["/admin/api/deposits", { cursor: "\u0000" }],
      ["/admin/api/transfers", { merchantId: "\u0000" }],
    ] as const) {
      const res = await call("GET", path, { headers: admin, query });
      expect([res.status, res.body.error.code], path).toEqual([400, 40023]);
    }
  });

  it("in the sign-in form: refused like a wrong password, not a 500", async () => {
    const form = (body: string) =>
      call("POST", "/admin/api/session", { rawBody: body, headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": "198.51.100.8" } });
    const res = await form(`email=${encodeURIComponent(staff.email)}%00&password=x`);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/admin/login?error=invalid");
    const json = await call("POST", "/admin/api/session", { body: { email: "\u0000", password: "x" }, headers: { "x-forwarded-for": "198.51.100.8" } });
    expect([json.status, json.body.error.code]).toEqual([400, 40023]);
  });
});
