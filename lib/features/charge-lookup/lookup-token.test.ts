import { describe, expect, it } from "vitest";
import { lookupCookie, lookupTokenFromCookies, lookupTokenOf, readLookupToken } from "./lookup-token";

describe("what a look-up found, carried to the page", () => {
  const now = Date.parse("2026-12-03T10:00:00Z");

  it("names the payments found, in its environment, for 15 minutes", () => {
    const token = lookupTokenOf("live", ["dep_1", "dep_2"], now);
    expect(readLookupToken(token, "live", now + 60_000)).toMatchObject({ environment: "live", ids: ["dep_1", "dep_2"] });
    expect(readLookupToken(token, "sandbox", now)).toBeNull();
    expect(readLookupToken(token, "live", now + 15 * 60_000)).toBeNull();
  });

  it("names nothing when altered: other ids under the same signature, a signature cut or missing", () => {
    const token = lookupTokenOf("live", ["dep_1"], now);
    const [, signature] = token.split(".");
    const other = Buffer.from(JSON.stringify({ e: "live", i: ["dep_victim"], x: now + 60_000 })).toString("base64url");
    for (const forged of [`${other}.${signature}`, token.slice(0, -2), token.split(".")[0], "", "a.b.c"]) expect(readLookupToken(forged, "live", now)).toBeNull();
  });

  it("rides in an HttpOnly cookie scoped to the page of its environment", () => {
    const cookie = lookupCookie("t.s", { environment: "sandbox", secure: true });
    expect(cookie).toBe("pcs_charge_lookup=t.s; Path=/test/check; Max-Age=900; HttpOnly; SameSite=Lax; Secure");
    expect(lookupTokenFromCookies("locale=fr; pcs_charge_lookup=t.s")).toBe("t.s");
  });
});
