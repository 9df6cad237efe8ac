import { describe, expect, it } from "vitest";
import { isPlausibleReference, newReference } from "./references";

describe("references", () => {
  it("carry the kind and, in the sandbox, the TEST marker", () => {
    expect(newReference("link", "sandbox")).toMatch(/^LINK_TEST_[0-9A-Z]{26}$/);
    expect(newReference("link", "live")).toMatch(/^LINK_[0-9A-Z]{26}$/);
    expect(newReference("deposit", "sandbox")).toMatch(/^DEP_TEST_/);
    expect(newReference("invoice", "sandbox")).toMatch(/^DEP_INV_TEST_/);
    expect(newReference("validated", "live")).toMatch(/^DEP_VALID_[0-9A-Z]{26}$/);
  });

  it("are unique and plausible", () => {
    const refs = new Set(Array.from({ length: 1000 }, () => newReference("deposit", "live")));
    expect(refs.size).toBe(1000);
    for (const ref of refs) expect(isPlausibleReference(ref)).toBe(true);
    expect(isPlausibleReference("../etc/passwd")).toBe(false);
  });
});
