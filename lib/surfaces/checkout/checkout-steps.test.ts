import { describe, expect, it } from "vitest";
import { checkoutErrorKey, checkoutPageSearch, parseCheckoutForm, readCheckoutPageQuery } from "./checkout-steps";

const countries = [
  { code: "BJ", gateways: [{ name: "MTN_MOMO_BJ" }] },
  { code: "CI", gateways: [{ name: "MTN_MOMO_CI" }, { name: "WAVE_CI" }] },
];
const form = (fields: Record<string, string>) => new URLSearchParams(fields);

describe("readCheckoutPageQuery", () => {
  it("keeps the choices the link offers", () => {
    expect(readCheckoutPageQuery({ country: "ci", gateway: "WAVE_CI", step: "phone" }, countries)).toEqual({
      step: "phone", country: "CI", gateway: "WAVE_CI", error: null,
    });
  });
  it("drops a gateway of another country and falls back from the phone step without one", () => {
    expect(readCheckoutPageQuery({ country: "BJ", gateway: "WAVE_CI", step: "phone" }, countries)).toMatchObject({ step: "gateway", country: "BJ", gateway: null });
    expect(readCheckoutPageQuery({ country: "FR", step: "phone" }, countries)).toMatchObject({ step: "gateway", country: null });
  });
  it("ignores unknown steps and errors, and a phone number (never carried in the address: issue 46)", () => {
    expect(readCheckoutPageQuery({ step: "pay", error: "<script>", national: "0700000444" }, countries)).toEqual({
      step: null, country: null, gateway: null, error: null,
    });
    expect(readCheckoutPageQuery({ step: ["attempt", "gateway"], error: "wrongCode" }, countries)).toMatchObject({ step: "attempt", error: "wrongCode" });
  });
});

describe("checkoutPageSearch", () => {
  it("writes the parts given, in a fixed order", () => {
    expect(checkoutPageSearch({ step: "phone", gateway: "MTN_MOMO_CI", country: "CI" })).toBe("?country=CI&gateway=MTN_MOMO_CI&step=phone");
    expect(checkoutPageSearch({ error: null, step: undefined })).toBe("");
  });
  it("round-trips through readCheckoutPageQuery", () => {
    const search = checkoutPageSearch({ step: "phone", country: "CI", gateway: "MTN_MOMO_CI", error: "invalidPhone" });
    expect(readCheckoutPageQuery(Object.fromEntries(new URLSearchParams(search)), countries)).toEqual({
      step: "phone", country: "CI", gateway: "MTN_MOMO_CI", error: "invalidPhone",
    });
  });
});

describe("parseCheckoutForm", () => {
  it("reads each step's intent with its fields", () => {
    expect(parseCheckoutForm(form({ intent: "choose", country: "ci", gateway: "MTN_MOMO_CI" }))).toEqual({ intent: "choose", country: "CI", gateway: "MTN_MOMO_CI" });
    expect(parseCheckoutForm(form({ intent: "choose", country: "BJ" }))).toEqual({ intent: "choose", country: "BJ", gateway: "" });
    expect(parseCheckoutForm(form({ intent: "pay", country: "CI", gateway: "MTN_MOMO_CI", phone: " 07 00 00 04 44 " }))).toEqual({
      intent: "pay", country: "CI", gateway: "MTN_MOMO_CI", national: "07 00 00 04 44",
    });
    expect(parseCheckoutForm(form({ intent: "back", country: "CI", gateway: "MTN_MOMO_CI" }))).toEqual({ intent: "back", country: "CI", gateway: "MTN_MOMO_CI" });
    expect(parseCheckoutForm(form({ intent: "otp", otp: "123 456" }))).toEqual({ intent: "otp", otp: "123456" });
    for (const intent of ["newCode", "otherNumber", "otherMethod", "check"]) expect(parseCheckoutForm(form({ intent }))).toEqual({ intent });
  });
  it("takes a form without intent as a check, and refuses unknown intents and malformed choices", () => {
    expect(parseCheckoutForm(form({}))).toEqual({ intent: "check" });
    expect(parseCheckoutForm(form({ intent: "refund" }))).toBeNull();
    expect(parseCheckoutForm(form({ intent: "pay", country: "CIV", gateway: "MTN_MOMO_CI", phone: "1" }))).toBeNull();
    expect(parseCheckoutForm(form({ intent: "pay", country: "CI", gateway: "x".repeat(65), phone: "1" }))).toBeNull();
    expect(parseCheckoutForm(form({ intent: "choose", country: "" }))).toBeNull();
  });
});

describe("checkoutErrorKey", () => {
  it("words a refusal by its rule, and says generic for any other", () => {
    expect(checkoutErrorKey("wrong_code")).toBe("wrongCode");
    expect(checkoutErrorKey("rate_limited")).toBe("tooMany");
    expect(checkoutErrorKey("link_closed")).toBe("linkClosed");
    expect(checkoutErrorKey("payment_in_progress")).toBe("paymentInProgress");
    expect(checkoutErrorKey("network")).toBe("network");
    expect(checkoutErrorKey("exceeds_available_balance")).toBe("generic");
    expect(checkoutErrorKey(undefined)).toBe("generic");
  });
});
