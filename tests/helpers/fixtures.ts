import { expect, vi } from "vitest";
import { db } from "@/lib/core/db/client";
import { newApiKeyRow, createMerchant } from "@/lib/features/merchants/create-merchant";
import type { Scope } from "@/lib/core/domain/api-keys";
import type { Environment } from "@/lib/core/domain/environment";
import { ulid } from "@/lib/core/domain/ulid";

let counter = 0;

/** A new merchant with its own keys: tests never share data. */
export async function newMerchant(name = `Test merchant ${++counter} ${Date.now()}`) {
  return createMerchant(db(), { name });
}

/** An extra key for a merchant, e.g. with fewer scopes or another role, or made by a member (createdByUserId: its maker). */
export async function newKey(
  merchantId: string,
  environment: Environment,
  options: { scopes?: Scope[]; role?: "merchant" | "staff"; createdByUserId?: string } = {},
) {
  const { key, row } = newApiKeyRow(merchantId, environment, options.scopes);
  await db().apiKey.create({ data: { ...row, role: options.role ?? "merchant", createdByUserId: options.createdByUserId ?? null } });
  return { key, id: row.id };
}

/** A dashboard user who is a member of `merchantId` with `role` (the rows better-auth's organization plugin keeps); its id. */
export async function newMember(merchantId: string, role: "owner" | "admin" | "developer" | "viewer"): Promise<string> {
  const org = await db().organization.findUnique({ where: { id: merchantId } });
  if (!org) await db().organization.create({ data: { id: merchantId, name: merchantId, slug: merchantId.toLowerCase(), createdAt: new Date() } });
  const id = `usr_${ulid()}`;
  await db().user.create({ data: { id, name: role, email: `${role}-${id.toLowerCase()}@shop.example` } });
  await db().member.create({ data: { id: `mem_${ulid()}`, organizationId: merchantId, userId: id, role, createdAt: new Date() } });
  return id;
}

export const validLink = { amount: 5000, currency: "XOF", description: "Order #1234" };

/** An activation request's fields, as a Côte d'Ivoire business fills them in. */
export const validActivationForm = {
  businessName: "Boutique Awa SARL",
  businessKind: "company",
  country: "CI",
  payoutPhone: "07 00 00 04 44",
  contactName: "Awa Diop",
  contactPhone: "+225 05 00 00 00 01",
  contactEmail: "awa@boutique.example",
  documents: "RCCM CI-ABJ-2026-B-12345",
};

export const validDeposit = {
  amount: 5000,
  currency: "XOF",
  customerPhone: "+2250700000444",
  country: "CI",
  gatewayName: "MTN_MOMO_CI",
};

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits until the simulated phone's answer to a sandbox DIRECT prompt is due: for what only a read
 * records (a payout's answer), or to show what readers do once it is. Waiting for the answer to be
 * recorded is waitForSandboxAnswer.
 */
export const waitUntilSandboxAnswerIsDue = () => sleep(Number(process.env.SANDBOX_DIRECT_ANSWER_MS ?? 2000) + 100);

/**
 * Waits until the simulated phone's answer to each DIRECT prompt is recorded (its in-process timer,
 * late on a loaded machine): the deposit, or the link whose attempt it is, is no longer pending.
 */
export async function waitForSandboxAnswer(...references: string[]) {
  if (references.length === 0) throw new Error("waitForSandboxAnswer: name the deposits or links to wait for");
  const pending = async () => {
    const [deposits, links] = await Promise.all([
      db().deposit.count({ where: { reference: { in: references }, status: "pending" } }),
      db().paymentLink.count({ where: { reference: { in: references }, status: "pending" } }),
    ]);
    return deposits + links;
  };
  // vi.waitFor rather than expect.poll: hooks (beforeAll) wait for answers too.
  await vi.waitFor(async () => expect(await pending(), `sandbox answers of ${references.join(", ")}`).toBe(0), { timeout: 10_000, interval: 50 });
}
