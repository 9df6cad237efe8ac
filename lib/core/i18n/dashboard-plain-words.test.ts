import { describe, expect, it } from "vitest";
import fr from "@/messages/fr.json";

// Issue 35: the French shopkeeper's pages say what a webhook does ("adresse de notification de
// votre site"), not the developer's word; the developers' pages (keys, signing secret, the events
// view) keep it, where it is the name developers look for.

function strings(node: unknown, path: string): [string, string][] {
  if (typeof node === "string") return [[path, node]];
  return Object.entries(node as Record<string, unknown>).flatMap(([key, value]) => strings(value, path ? `${path}.${key}` : key));
}

describe("the French dashboard's words", () => {
  it("no 'webhook' outside the developers' pages", () => {
    const { developers: _developers, events: _events, ...shopkeeper } = fr.dashboard;
    const found = strings(shopkeeper, "dashboard").filter(([, text]) => /webhook/i.test(text));
    expect(found).toEqual([]);
  });

  it("the developers' page still names webhooks", () => {
    expect(strings(fr.dashboard.developers, "").some(([, text]) => /webhook/i.test(text))).toBe(true);
  });
});
