import { beforeAll, describe, expect, it } from "vitest";
import { getMerchantAnalytics } from "@/lib/surfaces/support/merchant-queries";
import { findSearchTarget } from "@/lib/surfaces/support/search-queries";
import { findCheckoutPageLink, listCheckoutPageGateways } from "@/lib/features/checkout/checkout-page-queries";
import { db } from "@/lib/core/db/client";
import { getActivationPage } from "@/lib/surfaces/dashboard/activation-queries";
import { getAnalyticsReport } from "@/lib/surfaces/dashboard/analytics-queries";
import { getBalancePage } from "@/lib/surfaces/dashboard/balance-queries";
import { createLinkFromForm } from "@/lib/surfaces/dashboard/create-link-from-form";
import type { MerchantScope } from "@/lib/core/domain/merchant-scope";
import { getMerchantDeposit, listMerchantDeposits } from "@/lib/surfaces/dashboard/deposits-queries";
import { getDevelopersPage } from "@/lib/surfaces/dashboard/developers-queries";
import { getHomeOverview } from "@/lib/surfaces/dashboard/home-queries";
import { getDashboardFrame } from "@/lib/surfaces/dashboard/layout-queries";
import { getMerchantLink, getMerchantLinkSending, listMerchantLinks } from "@/lib/surfaces/dashboard/links-queries";
import { DEPOSIT_STATUSES } from "@/lib/features/deposits/list-deposits";
import { parseListFilters } from "@/lib/core/domain/list-filters";
import { LINK_STATUSES } from "@/lib/features/links/list-payment-links";
import { getMerchantSettings } from "@/lib/surfaces/dashboard/settings-queries";
import { getSandboxOperatorDeposit } from "@/lib/features/deposits/sandbox-operator-queries";
import { contractErrorOf } from "../helpers/contract-error";
import { readLiveActivated } from "@/lib/features/merchants/live-activation";
import { call, ORIGIN } from "../helpers/api-client";
import { newMerchant, validDeposit } from "../helpers/fixtures";

// The pages' query functions (lib/*/…-queries.ts) read the process's database with the scope the
// page gives them: a merchant sees only its own rows, and only in the environment it is in.

let a: Awaited<ReturnType<typeof newMerchant>>;
let b: Awaited<ReturnType<typeof newMerchant>>;
let aSandbox: MerchantScope;
let aLive: MerchantScope;
let bSandbox: MerchantScope;
let linkReference: string;
let depositReference: string;

const linkFilters = () => parseListFilters({}, LINK_STATUSES);
const depositFilters = () => parseListFilters({}, DEPOSIT_STATUSES);

async function apiErrorCode(promise: Promise<unknown>) {
  const error = await promise.then(() => null, (e: unknown) => e);
  return contractErrorOf(error).code;
}

beforeAll(async () => {
  [a, b] = [await newMerchant(), await newMerchant()];
  aSandbox = { merchantId: a.id, environment: "sandbox" };
  aLive = { merchantId: a.id, environment: "live" };
  bSandbox = { merchantId: b.id, environment: "sandbox" };
  linkReference = (await createLinkFromForm(db(), aSandbox, { amount: "2500", currency: "XOF", description: "Page queries" })).reference;
  const res = await call("POST", "/test/api/v4/classic/deposit/initiate", { key: a.sandboxKey, body: validDeposit });
  expect(res.status).toBe(200);
  depositReference = res.body.reference;
});

describe("dashboard page queries keep the merchant and the environment", () => {
  it("links: the list, a link and its sending view are the scope's only", async () => {
    expect((await listMerchantLinks(aSandbox, linkFilters())).items.map((l) => l.reference)).toEqual([linkReference]);
    expect((await listMerchantLinks(aLive, linkFilters())).items).toEqual([]);
    expect((await listMerchantLinks(bSandbox, linkFilters())).items).toEqual([]);
    expect((await getMerchantLink(aSandbox, linkReference, ORIGIN)).link.reference).toBe(linkReference);
    expect(await apiErrorCode(getMerchantLink(bSandbox, linkReference, ORIGIN))).toBe(40004);
    expect(await apiErrorCode(getMerchantLink(aLive, linkReference, ORIGIN))).toBe(40004);
    expect((await getMerchantLinkSending(aSandbox, linkReference)).sends).toEqual([]);
    await apiErrorCode(getMerchantLinkSending(bSandbox, linkReference));
  });

  it("home: the scope's latest links beside its balances", async () => {
    expect((await getHomeOverview(aSandbox)).page.items.map((l) => l.reference)).toEqual([linkReference]);
    expect((await getHomeOverview(bSandbox)).page.items).toEqual([]);
    expect((await getHomeOverview(aLive)).page.items).toEqual([]);
  });

  it("deposits: the list and a deposit are the scope's only", async () => {
    expect((await listMerchantDeposits(aSandbox, depositFilters())).items.map((d) => d.reference)).toContain(depositReference);
    expect((await listMerchantDeposits(aLive, depositFilters())).items).toEqual([]);
    expect((await listMerchantDeposits(bSandbox, depositFilters())).items).toEqual([]);
    expect((await getMerchantDeposit(aSandbox, depositReference)).deposit.reference).toBe(depositReference);
    expect(await apiErrorCode(getMerchantDeposit(bSandbox, depositReference))).toBe(40004);
    expect(await apiErrorCode(getMerchantDeposit(aLive, depositReference))).toBe(40004);
  });

  it("developers: only the scope's own keys", async () => {
    const mine = await getDevelopersPage(aSandbox);
    expect(mine.keys.length).toBeGreaterThan(0);
    const rows = await db().apiKey.findMany({ where: { id: { in: mine.keys.map((k) => k.id) } }, select: { merchantId: true, environment: true } });
    expect(rows.every((k) => k.merchantId === a.id && k.environment === "sandbox")).toBe(true);
    const theirs = (await getDevelopersPage(bSandbox)).keys.map((k) => k.id);
    expect(theirs.some((id) => mine.keys.some((k) => k.id === id))).toBe(false);
    expect((await getDevelopersPage(aSandbox)).log.items).toEqual([]);
  });

  it("balance, analytics, settings and activation read the scope's own merchant", async () => {
    const balance = await getBalancePage(bSandbox, parseListFilters({}, []));
    expect(balance.statement.items).toEqual([]);
    expect(balance.withdrawals.items).toEqual([]);
    const report = await getAnalyticsReport(aSandbox, {});
    const other = await getAnalyticsReport(aLive, {});
    expect(JSON.stringify(report)).not.toBe(JSON.stringify(other));
    expect((await getMerchantSettings(aSandbox)).name).toBe(a.name);
    expect((await getMerchantSettings(bSandbox)).name).toBe(b.name);
    expect((await getActivationPage(b.id)).merchant.name).toBe(b.name);
  });

  it("the frame: whether the member's merchant takes live payments", async () => {
    expect(await readLiveActivated(db(), a.id)).toBe(true);
    await db().merchant.update({ where: { id: b.id }, data: { liveActivatedAt: null } });
    const frame = await getDashboardFrame({ userId: "no-such-user", merchantId: b.id });
    expect(frame).toEqual({ memberships: [], liveActivated: false });
  });
});

describe("support, checkout and sandbox-operator page queries", () => {
  it("the search opens a reference only in its own environment", async () => {
    expect(await findSearchTarget(linkReference)).toBe(`/admin/payments/${linkReference}`);
    expect(await findSearchTarget(linkReference, "sandbox")).toBe(`/admin/payments/${linkReference}`);
    expect(await findSearchTarget(linkReference, "live")).toBeNull();
  });

  it("the merchant page's analytics count the merchant's own payments in one environment", async () => {
    const to = new Date(Date.now() + 60_000);
    const from = new Date(to.getTime() - 86_400_000);
    const count = async (merchantId: string, environment: "live" | "sandbox") =>
      JSON.stringify(await getMerchantAnalytics({ merchantId, environment, currency: "XOF", from, to }));
    expect(await count(a.id, "sandbox")).not.toBe(await count(b.id, "sandbox"));
    expect(await count(b.id, "sandbox")).toBe(await count(a.id, "live"));
  });

  it("the checkout finds a link only in its own environment", async () => {
    const link = await findCheckoutPageLink(linkReference, "sandbox");
    expect(link?.merchantId).toBe(a.id);
    expect(await findCheckoutPageLink(linkReference, "live")).toBeNull();
    expect(Array.isArray(await listCheckoutPageGateways(link!))).toBe(true);
  });

  it("the sandbox operator page: null for a reference that names no sandbox REDIRECT deposit", async () => {
    expect(await getSandboxOperatorDeposit("DEP_TEST_00000000000000000000000000")).toBeNull();
    expect(await getSandboxOperatorDeposit(depositReference)).toBeNull();
  });
});
