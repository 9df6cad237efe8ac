import { describe, expect, it } from "vitest";
import { isLegacyStaffHash, verifyLegacyStaffPassword } from "./legacy-staff-password";

// Written by the former lib/features/admin/passwords.ts for "correct horse battery".
const OLD_HASH =
  "scrypt$16384$8$1$oAf3CebUYbD6I131CjIwgQ==$yGRyd51LYHqknvmlvEK/L9NkP9i4zucsyfI6ZcNJcUcrgeJ4aM10JomRW0yTcEJDYNwvQu3p3ovoFgvaz1XNOg==";

describe("staff passwords from before better-auth", () => {
  it("verifies the right password only", async () => {
    expect(isLegacyStaffHash(OLD_HASH)).toBe(true);
    expect(await verifyLegacyStaffPassword("correct horse battery", OLD_HASH)).toBe(true);
    expect(await verifyLegacyStaffPassword("correct horse batter", OLD_HASH)).toBe(false);
    expect(await verifyLegacyStaffPassword("x", "not-a-hash")).toBe(false);
  });

  it("does not take better-auth's own format for its own", () => {
    expect(isLegacyStaffHash("0a1b2c:3d4e5f")).toBe(false);
  });
});
