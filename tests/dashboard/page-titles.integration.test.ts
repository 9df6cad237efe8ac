import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { nextRequest } from "../helpers/next-request";
import en from "@/messages/en.json";
import fr from "@/messages/fr.json";

// Issue 35: tab titles were English on French pages ("Sign up", "Dashboard", "Team"). Every page
// and section layout of the dashboard, the account pages and the support view names its tab from
// the catalog (messages: titles, components/page-title.ts): walked here in French and in English.

vi.mock("next/headers", async () => (await import("../helpers/next-request")).nextHeaders);
vi.mock("next/cache", async () => (await import("../helpers/next-request")).nextCache);
vi.mock("next-intl/server", async () => (await import("../helpers/next-request")).nextIntlServer());

const appDir = path.resolve(import.meta.dirname, "../../app");

/** Every page (or layout) file of the dashboard and the support view, relative to app/. */
function filesNamed(name: string): string[] {
  return ["dashboard", "admin"].flatMap((root) =>
    fs
      .readdirSync(path.join(appDir, root), { recursive: true, encoding: "utf8" })
      .map((relative) => `${root}/${relative.split(path.sep).join("/")}`)
      .filter((relative) => relative.endsWith(`/${name}`)),
  );
}

type Metadata = { title?: string | { default: string; template: string } };
const titleOf = async (file: string, locale: "en" | "fr"): Promise<Metadata["title"]> => {
  const module = (await import(path.join(appDir, file))) as { generateMetadata?: () => Promise<Metadata>; metadata?: Metadata };
  expect(module.metadata?.title, `${file}: a fixed English title`).toBeUndefined();
  if (!module.generateMetadata) return undefined;
  nextRequest.locale = locale;
  return (await module.generateMetadata()).title;
};

afterEach(() => {
  nextRequest.locale = "en";
});

describe("tab titles", () => {
  const pages = filesNamed("page.tsx");

  it("finds the pages", () => {
    expect(pages.length).toBeGreaterThanOrEqual(35);
    expect(pages).toContain("dashboard/(auth)/sign-up/page.tsx");
    expect(pages).toContain("admin/(console)/merchants/[id]/page.tsx");
  });

  it.each(pages)("%s is titled in French and in English from the catalog", async (file) => {
    const french = await titleOf(file, "fr");
    expect(typeof french, `${file} has no generateMetadata title`).toBe("string");
    const key = Object.entries(fr.titles).find(([, value]) => value === french)?.[0] as keyof typeof en.titles | undefined;
    expect(key, `${file}: "${String(french)}" is not a French title of messages/fr.json`).toBeDefined();
    expect(await titleOf(file, "en")).toBe(en.titles[key!]);
  });

  it.each(filesNamed("layout.tsx").filter((file) => !file.endsWith("admin/layout.tsx")))("%s frames its pages' titles in the page's language", async (file) => {
    const french = await titleOf(file, "fr");
    if (french === undefined) return; // a layout without a title of its own leaves the pages' titles as they are
    expect(typeof french).toBe("object");
    expect(Object.values(fr.titles)).toContain((french as { default: string }).default);
    expect((french as { template: string }).template).toMatch(/^%s · /);
    const english = (await titleOf(file, "en")) as { default: string };
    expect(Object.values(en.titles)).toContain(english.default);
  });

  it("French titles use no English word where French has its own", () => {
    const english = new Set(Object.values(en.titles));
    // The same word in both languages is allowed only where French uses it too.
    const shared = Object.entries(fr.titles).filter(([, value]) => english.has(value)).map(([key]) => key);
    expect(shared.sort()).toEqual(["support"]);
  });
});
