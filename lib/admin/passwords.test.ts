import { describe, expect, it } from "vitest";
import { generatePassword, hashPassword, verifyPassword } from "./passwords";

describe("staff passwords", () => {
  it("verifies the right password only, with a salt per hash", async () => {
    const hash = await hashPassword("correct horse");
    expect(hash).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(await verifyPassword("correct horse", hash)).toBe(true);
    expect(await verifyPassword("correct hors", hash)).toBe(false);
    expect(await hashPassword("correct horse")).not.toBe(hash);
    expect(await verifyPassword("x", "not-a-hash")).toBe(false);
  });

  it("generates long random passwords", () => {
    expect(generatePassword()).toHaveLength(20);
    expect(generatePassword()).not.toBe(generatePassword());
  });
});
