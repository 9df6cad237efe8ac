import { describe, expect, it } from "vitest";
import { typedPhoneCookie, typedPhoneToShow } from "./typed-phone";

const live = { reference: "LINK_X", environment: "live" as const, secure: true };

describe("the typed number's cookie", () => {
  it("keeps digits and a leading + only, on the link's page path, HttpOnly, SameSite=Lax, Secure over HTTPS", () => {
    expect(typedPhoneCookie("+225 07;00=+00\r\n", live)).toBe("pcs_checkout_phone=+225070000; Path=/pay/LINK_X; Max-Age=600; HttpOnly; SameSite=Lax; Secure");
    expect(typedPhoneCookie("0712", { ...live, environment: "sandbox", secure: false })).toBe("pcs_checkout_phone=0712; Path=/test/pay/LINK_X; Max-Age=600; HttpOnly; SameSite=Lax");
  });
  it("an empty number removes it", () => {
    expect(typedPhoneCookie("", live)).toBe("pcs_checkout_phone=; Path=/pay/LINK_X; Max-Age=0; HttpOnly; SameSite=Lax; Secure");
  });
  it("is shown on the phone step after an error only", () => {
    const headers = new Headers({ cookie: "a=b; pcs_checkout_phone=0700000444" });
    expect(typedPhoneToShow({ step: "phone", error: "tooMany" }, headers)).toBe("0700000444");
    expect(typedPhoneToShow({ step: "phone", error: null }, headers)).toBe("");
    expect(typedPhoneToShow({ step: "attempt", error: "wrongCode" }, headers)).toBe("");
    expect(typedPhoneToShow({ step: "phone", error: "tooMany" }, new Headers())).toBe("");
  });
});
