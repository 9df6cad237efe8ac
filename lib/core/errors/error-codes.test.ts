import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ERROR_CODES } from "./error-codes";

describe("the error catalog", () => {
  it("is the table of docs/api-reference.md, code by code", () => {
    const doc = fs.readFileSync(path.resolve(import.meta.dirname, "../../../docs/api-reference.md"), "utf8");
    const table = doc.split("<!-- error-catalog")[1].split("<!-- /error-catalog -->")[0];
    const rows = [...table.matchAll(/^\| (\d+) \| (\d+) \| (.+) \|$/gm)].map(([, code, status, message]) => [Number(code), Number(status), message]);
    const catalog = Object.entries(ERROR_CODES).map(([code, entry]) => [Number(code), entry.status, entry.message]);
    expect(rows).toEqual(catalog);
  });

  it("never gives two codes the same message", () => {
    const messages = Object.values(ERROR_CODES).map((entry) => entry.message);
    expect(new Set(messages).size).toBe(messages.length);
  });
});
