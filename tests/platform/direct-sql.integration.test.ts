import { beforeAll, describe, expect, it } from "vitest";
import { db, directSql } from "@/lib/core/db/client";
import { createDeposit } from "@/lib/features/deposits/create-deposit";
import { createPaymentLink } from "@/lib/features/links/create-payment-link";
import { getLinkOrThrow } from "@/lib/features/links/get-link-or-throw";
import { findLinkAttempts } from "@/lib/features/links/link-attempts";
import { findPaymentLink, findPaymentLinkWithAttempts } from "@/lib/features/links/payment-link-sql";
import { newMerchant } from "../helpers/fixtures";
import { contractError } from "../helpers/contract-error";

// The link create and read and the deposit insert bypass Prisma outside transactions (lib/core/db/sql.ts): what they write
// and read must be exactly what Prisma writes and reads, column for column.
let merchantId: string;
beforeAll(async () => {
  merchantId = (await newMerchant()).id;
});

const input = {
  amount: 12345,
  currency: "XOF" as const,
  description: "Commande n°42 — ça coûte 12 345 F ✓",
  customerName: "Awa Traoré",
  customerEmail: "awa@example.com",
  customerPhone: "+2250700000001",
  callbackUrl: "https://merchant.example/hooks?x=1&y=2",
  returnUrl: "https://merchant.example/orders/42",
  metadata: { orderId: "42", count: 2.5, paid: false, none: null, émoji: "🙂", quote: "\"'\\" },
  expiresIn: 7200,
};

const prismaRead = (reference: string) => db().paymentLink.findUniqueOrThrow({ where: { reference } });

describe("payment links in direct SQL", () => {
  it("is used outside a transaction and never inside one", async () => {
    expect(directSql(db())).not.toBeNull();
    await db().$transaction(async (tx) => expect(directSql(tx)).toBeNull());
  });

  it("inserts every field as Prisma reads it back, and reads it back as Prisma does", async () => {
    const now = new Date("2026-11-22T10:11:12.789Z");
    const created = await createPaymentLink(db(), { merchantId, environment: "sandbox", input, now });
    const stored = await prismaRead(created.reference);
    expect(created).toEqual(stored);
    expect(stored.createdAt.toISOString()).toBe("2026-11-22T10:11:12.000Z");
    expect(stored.amountMinor).toBe(12345n);
    expect(await findPaymentLink(directSql(db())!, created.reference)).toEqual(stored);
  });

  it("reads a settled link's late columns (fees, gateway, millisecond timestamps) as Prisma does", async () => {
    const { reference } = await createPaymentLink(db(), { merchantId, environment: "live", input: { amount: 100, currency: "EUR", description: "x" } });
    await db().paymentLink.update({
      where: { reference },
      data: {
        status: "completed",
        feesMinor: 9_007_199_254_740_993n, // beyond a double's exact integers
        gatewayName: "WAVE_SN",
        failureReason: "none",
        completedAt: new Date("2026-11-22T10:11:12.345Z"),
        failedAt: new Date("1999-12-31T23:59:59.999Z"),
        expiredAt: new Date("2038-01-19T03:14:08.001Z"),
      },
    });
    const stored = await prismaRead(reference);
    const direct = await findPaymentLink(directSql(db())!, reference);
    expect(direct).toEqual(stored);
    expect(direct?.feesMinor).toBe(9_007_199_254_740_993n);
    expect(direct?.completedAt?.toISOString()).toBe("2026-11-22T10:11:12.345Z");
  });

  it("keeps a link created in a transaction, through Prisma, identical", async () => {
    const created = await db().$transaction((tx) => createPaymentLink(tx, { merchantId, environment: "sandbox", input }));
    expect(await findPaymentLink(directSql(db())!, created.reference)).toEqual(await prismaRead(created.reference));
  });

  it("answers null for an unknown reference, and getLinkOrThrow 404 for another merchant's link", async () => {
    expect(await findPaymentLink(directSql(db())!, "LINK_TEST_00000000000000000000000000")).toBeNull();
    const { reference } = await createPaymentLink(db(), { merchantId, environment: "sandbox", input });
    expect(await contractError(getLinkOrThrow(db(), { reference, merchantId: "mer_other", environment: "sandbox" }))).toMatchObject({ status: 404 });
    expect(await contractError(getLinkOrThrow(db(), { reference, merchantId, environment: "live" }))).toMatchObject({ status: 404 });
    expect((await getLinkOrThrow(db(), { reference, merchantId, environment: "sandbox" })).reference).toBe(reference);
  });
});

describe("deposits in direct SQL", () => {
  const depositInput = (gatewayName: string, country = "CI") => ({
    amount: 5000,
    currency: "XOF",
    customerPhone: "+2250700000444",
    country,
    gatewayName,
    customerEmail: "kofi@example.com",
    customerName: "Kofi Mensah",
    callbackUrl: "https://merchant.example/hooks",
    returnUrl: "https://merchant.example/back",
    metadata: { orderId: "7", n: 1.5, ok: true, none: null },
  });
  const create = (client: Parameters<typeof createDeposit>[0], gatewayName: string, endpoint: "classic" | "otp", country?: string) =>
    createDeposit(client, {
      merchantId,
      environment: "sandbox",
      endpoint,
      origin: "http://pay.test",
      input: depositInput(gatewayName, country),
      now: new Date("2026-11-22T10:11:12.345Z"),
    });
  const prismaDeposit = (reference: string) => db().deposit.findUniqueOrThrow({ where: { reference } });

  it.each([
    ["DIRECT", "MTN_MOMO_CI", "classic"],
    ["OTP invoice", "ORANGE_MONEY_CI", "otp"],
  ] as const)("inserts a %s deposit exactly as Prisma reads it back", async (_kind, gateway, endpoint) => {
    const created = await create(db(), gateway, endpoint);
    expect(created).toEqual(await prismaDeposit(created.reference));
    expect(created.createdAt.toISOString()).toBe("2026-11-22T10:11:12.345Z");
  });

  it("inserts a REDIRECT deposit with its operator page, and one in a transaction through Prisma, the same way", async () => {
    const gateway = await db().gateway.findFirstOrThrow({ where: { kind: "deposit", type: "REDIRECT", enabled: true, allowedCurrencies: { has: "XOF" } } });
    const direct = await create(db(), gateway.name, "classic", gateway.allowedCountries[0]);
    expect(direct.redirectUrl).toMatch(/^http:\/\/pay\.test\/test\/sandbox\/operator\//);
    expect(direct).toEqual(await prismaDeposit(direct.reference));
    const inTx = await db().$transaction((tx) => create(tx, gateway.name, "classic", gateway.allowedCountries[0]));
    expect(inTx).toEqual(await prismaDeposit(inTx.reference));
    expect({ ...inTx, id: "", reference: "", redirectUrl: "" }).toEqual({ ...direct, id: "", reference: "", redirectUrl: "" });
  });
});

describe("a link's attempts in direct SQL", () => {
  it("reads them as Prisma does, settled columns and millisecond timestamps included", async () => {
    const link = await createPaymentLink(db(), { merchantId, environment: "sandbox", input });
    const attempt = (phone: string) =>
      createDeposit(db(), {
        merchantId,
        environment: "sandbox",
        endpoint: "classic",
        origin: "http://pay.test",
        input: { amount: 12345, currency: "XOF", customerPhone: phone, country: "CI", gatewayName: "MTN_MOMO_CI" },
      });
    const failed = await attempt("+2250700000444");
    const paid = await attempt("+2250700000445");
    await db().deposit.update({ where: { id: failed.id }, data: { paymentLinkId: link.id, status: "failed", failedAt: new Date("2026-11-27T10:00:00.123Z"), failureReason: "insufficient_funds" } });
    await db().deposit.update({
      where: { id: paid.id },
      data: { paymentLinkId: link.id, status: "completed", completedAt: new Date("2026-11-27T10:05:00.456Z"), validatedReference: `${paid.reference}_V`, heldReason: "amount_mismatch" },
    });

    const direct = await findLinkAttempts(db(), link.id);
    // In a transaction the read goes through Prisma.
    const throughPrisma = await db().$transaction((tx) => findLinkAttempts(tx, link.id));
    const byReference = (a: { reference: string }, b: { reference: string }) => a.reference.localeCompare(b.reference);
    expect(direct).toHaveLength(2);
    expect([...direct].sort(byReference)).toEqual([...throughPrisma].sort(byReference));
    expect(direct.find((d) => d.reference === failed.reference)).toMatchObject({ status: "failed", failureReason: "insufficient_funds", failedAt: new Date("2026-11-27T10:00:00.123Z") });
    expect(direct.find((d) => d.reference === paid.reference)).toMatchObject({ status: "completed", validatedReference: `${paid.reference}_V`, heldReason: "amount_mismatch", feesMinor: paid.feesMinor });

    // The link read's one statement (the attempts as a JSON column): the same link and attempts.
    const together = (await findPaymentLinkWithAttempts(directSql(db())!, link.reference))!;
    expect(together.link).toEqual(await findPaymentLink(directSql(db())!, link.reference));
    expect([...together.attempts].sort(byReference)).toEqual([...throughPrisma].sort(byReference));
    const alone = await createPaymentLink(db(), { merchantId, environment: "sandbox", input });
    expect((await findPaymentLinkWithAttempts(directSql(db())!, alone.reference))!.attempts).toEqual([]);
    expect(await findPaymentLinkWithAttempts(directSql(db())!, "LINK_TEST_00000000000000000000000000")).toBeNull();
  });
});
