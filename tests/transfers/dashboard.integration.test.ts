import { renderToStaticMarkup } from "react-dom/server";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { requestTransferAction } from "@/app/dashboard/(app)/balance/actions";
import { BalanceTransferRequest } from "@/components/dashboard/balance-transfer-request";
import { getBalancePage } from "@/lib/surfaces/dashboard/balance-queries";
import type { ActionState } from "@/lib/surfaces/dashboard/dashboard-action";
import { db } from "@/lib/core/db/client";
import { FORM_TOKEN_FIELD, newFormToken } from "@/lib/core/domain/form-token";
import { ENVIRONMENT_HEADER } from "@/lib/core/request/environment-header";
import { reconcileOperatorOutcomes } from "@/lib/features/reconciliation/reconcile-operator-outcomes";
import en from "@/messages/en.json";
import fr from "@/messages/fr.json";
import { ORIGIN } from "../helpers/api-client";
import { signedUpMerchant } from "../helpers/auth-session";
import { newKey } from "../helpers/fixtures";
import { fundLiveMerchant, fundMerchant } from "../helpers/fund-merchant";
import { nextIntlServer, nextRequest } from "../helpers/next-request";
import { useOperatorFakes } from "../helpers/operator-fakes";
import { expectReconciled } from "../helpers/reconciled";

// The dashboard's withdrawal form sent twice (issue 46, item 2): a double tap, a resubmit on a slow
// network, or back and submit again without JavaScript post the same form, with the same one-time
// token drawn when the form was drawn. The action runs as Next runs it (the owner's session cookie,
// the environment header proxy.ts sets), against the real database and, live, MTN's fake: one
// transfer and one MTN payout whatever the number of posts, each post answered with the first's outcome.

vi.mock("next/headers", async () => (await import("../helpers/next-request")).nextHeaders);
vi.mock("next/cache", async () => (await import("../helpers/next-request")).nextCache);
vi.mock("next-intl/server", async () => (await import("../helpers/next-request")).nextIntlServer());

const operators = useOperatorFakes();

let cookie: string;
let merchantId: string;

/** The form's second step ("Yes, withdraw") as the page posts it, with `fields` as typed. */
function post(fields: Record<string, string>, environment: "sandbox" | "live" = "sandbox", locale: "en" | "fr" = "en"): Promise<ActionState> {
  nextRequest.headers = new Headers({ cookie, host: new URL(ORIGIN).host, origin: ORIGIN, [ENVIRONMENT_HEADER]: environment });
  nextRequest.locale = locale;
  const form = new FormData();
  for (const [name, value] of Object.entries({ step: "confirm", ...fields })) form.set(name, value);
  return requestTransferAction(null, form);
}

const sandboxPayout = { amount: "1 000", currency: "XOF", gatewayName: "MTN_MOMO_CI", country: "CI", beneficiaryPhone: "07 00 00 05 55" };
const transfers = () => db().transfer.findMany({ where: { merchantId }, orderBy: { createdAt: "asc" } });
const referenceIn = (state: ActionState) => /TRF_(TEST_)?[0-9A-Z]{26}/.exec(state?.message ?? "")?.[0];

let n = 0;
/** A live MTN beneficiary whose payouts the fake pays (and tells nobody: reconciliation reads them). */
function mtnBeneficiary() {
  const msisdn = `22507${String(Date.now() % 1e6).padStart(6, "0")}${String(++n).padStart(2, "0")}`;
  operators().mtn.script(msisdn, { customer: "approve", callback: "none" });
  return { local: msisdn.slice(3), msisdn };
}
const mtnPayoutsTo = (msisdn: string) => [...operators().mtn.transactions.values()].filter((t) => t.kind === "transfer" && t.partyId === msisdn);

beforeAll(async () => {
  const owner = await signedUpMerchant({ businessName: "Boutique du double clic" });
  cookie = owner.browser.cookieHeader();
  const user = await db().user.findUniqueOrThrow({ where: { email: owner.email }, include: { members: true } });
  merchantId = user.members[0].organizationId;
  await db().merchant.update({ where: { id: merchantId }, data: { country: "CI", liveActivatedAt: new Date() } });
  const { key } = await newKey(merchantId, "sandbox");
  await fundMerchant(key, [20_000]);
  await fundLiveMerchant(merchantId, 50_000n);
});

describe("the withdrawal form sent twice with its one token", () => {
  it("one after the other, live: one transfer, one MTN payout, and the second post shows the first's reference", async () => {
    const before = (await transfers()).length;
    const { local, msisdn } = mtnBeneficiary();
    const fields = { ...sandboxPayout, beneficiaryPhone: local, [FORM_TOKEN_FIELD]: newFormToken() };
    const first = await post(fields, "live");
    const made = referenceIn(first);
    expect(made, JSON.stringify(first)).toMatch(/^TRF_[0-9A-Z]{26}$/);
    expect(first).toEqual({ message: en.dashboard.balance.requested.replace("{reference}", made!) });
    // Back, then "Yes, withdraw" again; and once more in French: the same form.
    expect(await post(fields, "live")).toEqual(first);
    expect(await post(fields, "live", "fr")).toEqual({ message: fr.dashboard.balance.requested.replace("{reference}", made!) });

    expect((await transfers()).length).toBe(before + 1);
    expect(mtnPayoutsTo(msisdn)).toHaveLength(1);
    await reconcileOperatorOutcomes(db(), new Date(), { all: true });
    expect((await db().transfer.findUniqueOrThrow({ where: { reference: made } })).status).toBe("completed");
    expect(mtnPayoutsTo(msisdn)).toHaveLength(1);
    await expectReconciled(merchantId);
  });

  it("at the same instant, live: one transfer, one MTN payout; each post shows that transfer or says it is on its way", async () => {
    const before = (await transfers()).length;
    const { local, msisdn } = mtnBeneficiary();
    const fields = { ...sandboxPayout, amount: "2 000", beneficiaryPhone: local, [FORM_TOKEN_FIELD]: newFormToken() };
    const states = await Promise.all([post(fields, "live"), post(fields, "live"), post(fields, "live")]);

    const after = await transfers();
    expect(after.length, JSON.stringify(states)).toBe(before + 1);
    const made = after.at(-1)!.reference;
    expect(mtnPayoutsTo(msisdn)).toHaveLength(1);
    const requested = { message: en.dashboard.balance.requested.replace("{reference}", made) };
    const onItsWay = { error: en.apiErrors.hints.formInProgress, code: 40020 };
    for (const state of states) expect([requested, onItsWay]).toContainEqual(state);
    expect(states).toContainEqual(requested);
    await reconcileOperatorOutcomes(db(), new Date(), { all: true });
    expect(mtnPayoutsTo(msisdn)).toHaveLength(1);
    await expectReconciled(merchantId);
  });

  it("at the same instant, sandbox: one transfer", async () => {
    const before = (await transfers()).length;
    const fields = { ...sandboxPayout, amount: "1 500", [FORM_TOKEN_FIELD]: newFormToken() };
    const states = await Promise.all([post(fields), post(fields)]);
    expect((await transfers()).length, JSON.stringify(states)).toBe(before + 1);
    expect(states.map(referenceIn).filter(Boolean)).toContain((await transfers()).at(-1)!.reference);
  });

  it("the same token with other values: refused as the API refuses a key reused with another body, nothing more written", async () => {
    const token = newFormToken();
    const first = await post({ ...sandboxPayout, [FORM_TOKEN_FIELD]: token });
    expect(referenceIn(first), JSON.stringify(first)).toBeDefined();
    const before = (await transfers()).length;
    for (const locale of ["en", "fr"] as const) {
      const other = await post({ ...sandboxPayout, amount: "1 001", [FORM_TOKEN_FIELD]: token }, "sandbox", locale);
      expect(other).toEqual({ error: { en, fr }[locale].apiErrors.hints.formReused, code: 40020 });
    }
    // The same values typed another way ("1000" for "1 000", the number in international form) are the same request.
    expect(await post({ ...sandboxPayout, amount: "1000", beneficiaryPhone: "+2250700000555", [FORM_TOKEN_FIELD]: token })).toEqual(first);
    expect((await transfers()).length).toBe(before);

    // A refusal keeps nothing, as for the API: the same form corrected goes through with its token.
    const retried = newFormToken();
    const tooMuch = await post({ ...sandboxPayout, amount: "900 000", [FORM_TOKEN_FIELD]: retried });
    expect(tooMuch?.code, JSON.stringify(tooMuch)).toBe(40013);
    const corrected = await post({ ...sandboxPayout, amount: "900", [FORM_TOKEN_FIELD]: retried });
    expect(referenceIn(corrected), JSON.stringify(corrected)).toBeDefined();
    expect((await transfers()).length).toBe(before + 1);
  });

  it("without a token, or with one that is not ours: refused with the form's error, nothing written", async () => {
    const before = (await transfers()).length;
    for (const token of [undefined, "", "not-a-token", "A".repeat(32), `${newFormToken()}0`]) {
      for (const locale of ["en", "fr"] as const) {
        const fields = token === undefined ? sandboxPayout : { ...sandboxPayout, [FORM_TOKEN_FIELD]: token };
        const state = await post(fields, "sandbox", locale);
        expect(state, JSON.stringify(token)).toEqual({ error: { en, fr }[locale].apiErrors.hints.formToken, code: 40023 });
      }
    }
    expect((await transfers()).length).toBe(before);
  });

  it("the balance page draws the token into the withdrawal form, a new one each time it is drawn", async () => {
    nextRequest.locale = "en";
    const { getTranslations } = nextIntlServer();
    const [t, labels] = [await getTranslations("dashboard"), await getTranslations("labels")];
    const { gateways, balances } = await getBalancePage({ merchantId, environment: "sandbox" }, {});
    const drawn = async () => {
      const section = BalanceTransferRequest({ action: requestTransferAction, gateways, balances, query: {}, pageHref: "/test/dashboard/balance", t, labels, locale: "en" });
      const html = renderToStaticMarkup(section);
      const form = /<form[^>]*data-testid="withdraw-form"[^>]*>([\s\S]*?)<\/form>/.exec(html)?.[1] ?? "";
      return new RegExp(`<input type="hidden" name="${FORM_TOKEN_FIELD}" value="([0-9a-f]{32})"/>`).exec(form)?.[1];
    };
    const [first, second] = [await drawn(), await drawn()];
    expect(first).toBeDefined();
    expect(second).toBeDefined();
    expect(first).not.toBe(second);
  });
});
