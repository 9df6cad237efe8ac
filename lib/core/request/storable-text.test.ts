import { describe, expect, it } from "vitest";
import { findUnstorableText, isStorableText } from "./storable-text";

describe("storable text", () => {
  it("refuses U+0000 and unpaired surrogates, accepts every other text", () => {
    expect(isStorableText("Commande n° 1234 — 🎉")).toBe(true);
    expect(isStorableText("")).toBe(true);
    expect(isStorableText("a\u0000b")).toBe(false);
    expect(isStorableText("a\ud800b")).toBe(false);
    expect(isStorableText("\udc00")).toBe(false);
    expect(isStorableText("\ud83c")).toBe(false);
  });

  it("names where in a JSON value the text is, keys included", () => {
    expect(findUnstorableText({ amount: 1, metadata: { a: "ok", b: ["x", "y\u0000"] } })).toEqual(["metadata", "b", 1]);
    expect(findUnstorableText({ metadata: { "k\ud800": 1 } })).toEqual(["metadata", "k\ud800"]);
    expect(findUnstorableText("\u0000")).toEqual([]);
    expect(findUnstorableText({ a: [1, true, null, "fine"] })).toBeNull();
  });

  it("walks a body nested as deep as 64 KiB allows", () => {
    const depth = 32_000;
    const deep = JSON.parse(`${"[".repeat(depth)}"\\u0000"${"]".repeat(depth)}`);
    expect(findUnstorableText(deep)).toHaveLength(depth);
    expect(findUnstorableText(JSON.parse(`${'{"n":'.repeat(depth)}1${"}".repeat(depth)}`))).toBeNull();
  });
});
