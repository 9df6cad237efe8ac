import { expect, type Page } from "@playwright/test";
import { memberLogin } from "./dashboard-helpers";
import { auth, e2eMerchant } from "./helpers";

// Rows for the 360 px walks over the dashboard and the support view (issue 35): pages are
// checked filled, as a merchant's are after a few days, not empty.

const merchant = e2eMerchant();

/**
 * Long values, as real ones are, and every kind of row a detail page lists (issue 35): a link with
 * a failed then a paid attempt, a refund of it and sends; deposits, one refunded; payouts.
 */
export async function seedPageData(page: Page) {
  const api = page.request;
  const sandbox = { headers: auth(merchant.sandboxKey) };
  const status = async (path: string) => (await (await api.get(path, sandbox)).json()).status;
  const link = await api.post("/test/api/v4/payments/link", {
    ...sandbox,
    data: {
      amount: 1_250_000,
      currency: "XOF",
      description: "Commande de tissus wax et pagnes pour la boutique du marché de Treichville, livraison comprise",
      customerName: "Aminata Kouassi-Ouattara",
      customerEmail: "aminata.kouassi-ouattara@boutique-treichville.example",
      customerPhone: "+2250700000777",
    },
  });
  expect(link.status()).toBe(200);
  const linkReference = (await link.json()).reference as string;
  // Its sends, while it can still be paid: by e-mail to the team (test mode mails only the team), twice.
  for (let i = 0; i < 2; i++) {
    const send = await api.post(`/test/api/v4/payments/link/${linkReference}/send`, { ...sandbox, data: { channel: "email", to: memberLogin("owner").email } });
    expect(send.status(), await send.text()).toBeLessThan(300);
  }
  // Its attempts: one the customer declines, then one paid (the checkout's own API, as its page calls it).
  for (const customerPhone of ["+2250700000111", "+2250700000444"]) {
    const attempt = await api.post(`/test/api/checkout/${linkReference}/attempts`, { data: { gatewayName: "MTN_MOMO_CI", country: "CI", customerPhone } });
    expect(attempt.status(), await attempt.text()).toBeLessThan(300);
    if (customerPhone.endsWith("111")) await expect.poll(async () => (await (await api.get(`/test/api/checkout/${linkReference}`)).json()).attempt?.status ?? "none", { timeout: 20_000 }).not.toBe("pending");
  }
  await expect.poll(() => status(`/test/api/v4/payments/link/${linkReference}`), { timeout: 20_000 }).toBe("completed");
  const deposits: string[] = [];
  for (const customerPhone of ["+2250700000444", "+2250700000111"]) {
    const deposit = await api.post("/test/api/v4/classic/deposit/initiate", {
      ...sandbox,
      data: { amount: 150_000, currency: "XOF", customerPhone, country: "CI", gatewayName: "MTN_MOMO_CI" },
    });
    expect(deposit.status()).toBe(200);
    deposits.push((await deposit.json()).reference);
  }
  // The sandbox answers after about 2 s: the balance then has money and a statement.
  await expect.poll(() => status(`/test/api/v4/deposits/${deposits[0]}`), { timeout: 20_000 }).toBe("completed");
  const refunds: string[] = [];
  const transfers: string[] = [];
  for (const [paymentReference, amount] of [[linkReference, 250_000], [deposits[0], 50_000]] as const) {
    const refund = await api.post("/test/api/v4/refunds", { ...sandbox, data: { paymentReference, amount, reason: "Article retourné par la cliente" } });
    expect(refund.status(), await refund.text()).toBeLessThan(300);
    refunds.push((await refund.json()).reference);
  }
  for (const beneficiaryPhone of ["+2250700000444", "+2250700000555"]) {
    const payout = await api.post("/test/api/v4/transfers/instant", {
      ...sandbox,
      data: { amount: 1000, currency: "XOF", gatewayName: "MTN_MOMO_CI", country: "CI", beneficiaryPhone, beneficiaryName: "Koffi Yao Emmanuel-Désiré" },
    });
    expect([200, 201]).toContain(payout.status());
    transfers.push((await payout.json()).reference);
  }
  // A payment page (issue 36) with a long description and a range: its detail and its poster.
  const paymentPage = await api.post("/test/api/v4/payments/page", {
    ...sandbox,
    data: { description: "Boutique de tissus wax et pagnes du marché de Treichville, allée centrale", currency: "XOF", minAmount: 500, maxAmount: 250_000, maxPayments: 100 },
  });
  expect(paymentPage.status(), await paymentPage.text()).toBe(200);
  const pageReference = (await paymentPage.json()).reference as string;
  // A batch of payouts awaiting approval (issue 49), with long names: its page and its lines.
  const batch = await api.post("/test/api/v4/transfers/batch", {
    ...sandbox,
    data: {
      title: "Paie des livreurs du marché de Treichville, novembre",
      items: ["+2250700000444", "+2250700000555"].map((beneficiaryPhone, i) => ({
        reference: `livreur-${i + 1}-${Date.now()}`,
        amount: 1000,
        currency: "XOF",
        gatewayName: "MTN_MOMO_CI",
        country: "CI",
        beneficiaryPhone,
        beneficiaryName: "Koffi Yao Emmanuel-Désiré",
      })),
    },
  });
  expect(batch.status(), await batch.text()).toBe(200);
  const events = await (await api.get("/test/api/v4/events?limit=1", sandbox)).json();
  return {
    values: {
      "/dashboard/links/[reference]": linkReference,
      "/dashboard/deposits/[reference]": deposits[0],
      "/dashboard/developers/events/[id]": events.data[0].id as string,
      "/dashboard/pages/[reference]": pageReference,
      "/dashboard/pages/[reference]/poster": pageReference,
      "/dashboard/batches/[reference]": (await batch.json()).reference as string,
    },
    link: linkReference,
    deposits,
    refunds,
    transfers,
  };
}

