import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { checkPageSlug, RESERVED_PAGE_SLUGS, slugOfSegment } from "./page-slug";

describe("checkPageSlug", () => {
  it("keeps a slug of lowercase words, trimmed and made small", () => {
    expect(checkPageSlug("boutique-awa")).toEqual({ ok: true, slug: "boutique-awa" });
    expect(checkPageSlug("  Boutique-AWA-2 ")).toEqual({ ok: true, slug: "boutique-awa-2" });
    expect(checkPageSlug("a".repeat(40))).toMatchObject({ ok: true });
  });

  it("names the rule a refused slug breaks", () => {
    expect(checkPageSlug("ab")).toMatchObject({ ok: false, rule: "too_short" });
    expect(checkPageSlug("a".repeat(41))).toMatchObject({ ok: false, rule: "too_long" });
    for (const typed of ["boutique awa", "boutique_awa", "-awa", "awa-", "awa--b", "bоutique", "\u212Aiosque", "café", "awa\u200b"]) {
      expect(checkPageSlug(typed), typed).toMatchObject({ ok: false, rule: "slug_characters" });
    }
    expect(checkPageSlug("Dashboard")).toMatchObject({ ok: false, rule: "slug_reserved" });
  });

  it("reserves every top-level route of the app, so no slug reads as one of our addresses", () => {
    const app = path.resolve(import.meta.dirname, "../../../app");
    const routes = fs
      .readdirSync(app, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && !entry.name.startsWith("(") && !entry.name.startsWith("[") && !entry.name.startsWith("_"))
      .map((entry) => entry.name);
    expect(routes).toContain("dashboard");
    expect(routes.filter((name) => !RESERVED_PAGE_SLUGS.has(name))).toEqual([]);
  });
});

describe("slugOfSegment", () => {
  it("reads an address's segment in any case, and nothing that cannot be a slug", () => {
    expect(slugOfSegment("Boutique-Awa")).toBe("boutique-awa");
    expect(slugOfSegment("\u212Aiosque")).toBeNull();
    expect(slugOfSegment("admin")).toBeNull();
    expect(slugOfSegment("PAGE_TEST_01JD3Z8M6X5V4T3R2Q1P0N9M8K")).toBeNull();
    expect(slugOfSegment("%2e%2e")).toBeNull();
  });
});
