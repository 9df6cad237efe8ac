import { describe, expect, it } from "vitest";
import { operatorBrand } from "./operator-brand";

describe("operatorBrand", () => {
  const ci = new Intl.DisplayNames(["fr"], { type: "region" }).of("CI")!;

  it("drops the country the list already names, whatever its apostrophe", () => {
    expect(operatorBrand("MTN MoMo Côte d'Ivoire", ci)).toBe("MTN MoMo");
    expect(operatorBrand("Moov Money Flooz Togo", "Togo")).toBe("Moov Money Flooz");
  });

  it("keeps a label that does not end with the country", () => {
    expect(operatorBrand("Wave Sénégal", ci)).toBe("Wave Sénégal");
  });
});
