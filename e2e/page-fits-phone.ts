import { expect, type Page } from "@playwright/test";
import fs from "node:fs";
import path from "node:path";

// The checks of issue 35's 360 px French walk over the dashboard and the support view: the page
// never scrolls sideways, the current tab of the navigation is in view, and no English shows on a
// French page (the English catalog's sentences that the French one does not share, and the
// English words a raw status or a forgotten label would show).

const catalog = (locale: string) => JSON.parse(fs.readFileSync(path.join(process.cwd(), "messages", `${locale}.json`), "utf8"));
const [en, fr] = [catalog("en"), catalog("fr")];

function strings(node: unknown): string[] {
  if (typeof node === "string") return [node];
  return Object.values(node as Record<string, unknown>).flatMap(strings);
}

/** The literal parts of the English messages, 12 characters or more, that appear nowhere in French. */
const frenchText = strings(fr).join("\n");
const englishSentences = [
  ...new Set(
    strings(en)
      .flatMap((text) => text.split(/\{[^}]*\}|<[^>]*>|\n/))
      .map((part) => part.trim())
      .filter((part) => part.length >= 12 && /[a-z]{3}/.test(part) && !frenchText.includes(part)),
  ),
];

/** English words a French page never shows in its own text (raw statuses, forgotten labels). */
const ENGLISH_WORDS = /\b(completed|pending|failed|expired|refunded|Completed|Pending|Failed|Refunded|Amount|Status|Created|Search|Previous|Next page|Loading|Sign out|Settings|Withdrawals?|Payouts?|Balance|Refunds?|Customer|Merchant|Reference|Deposits?|Links?)\b/;

/** The page's French text: no code samples, identifiers or parts marked in another language (nor `also`). */
async function pageText(page: Page, also = ""): Promise<string> {
  return page.evaluate((also) => {
    const body = document.body.cloneNode(true) as HTMLElement;
    body.querySelectorAll(`code, pre, kbd, samp, script, style, noscript, [lang]:not([lang^='fr']), [data-raw]${also}`).forEach((e) => e.remove());
    // A detached copy is not laid out, so this is its whole text, what is hidden from sight too (a table for screen readers).
    return body.innerText;
  }, also);
}

/**
 * The CFA francs read "F CFA" on the page (docs/decisions.md, "Money for people"): no "XOF" or
 * "XAF" in its words, headings, captions and labels. A list of currencies to choose from is the
 * exception: both francs sit there side by side, so their choices read "F CFA (XOF)".
 */
export async function expectFrancsInWords(page: Page, url: string) {
  const text = await pageText(page, ", option");
  const code = /\bX[OA]F\b/.exec(text);
  expect.soft(code ? text.slice(Math.max(0, code.index - 40), code.index + 40) : null, `${url}: a franc's ISO code where French readers expect "F CFA"`).toBeNull();
}

export async function expectFrenchOnly(page: Page, url: string) {
  const text = await pageText(page);
  const sentences = englishSentences.filter((s) => text.includes(s));
  expect.soft(sentences, `${url}: English sentences on a French page`).toEqual([]);
  const word = ENGLISH_WORDS.exec(text);
  expect.soft(word ? text.slice(Math.max(0, word.index - 40), word.index + 40) : null, `${url}: an English word on a French page`).toBeNull();
}

/** Nothing wider than the screen: the document does not scroll sideways (what sticks out is named). */
export async function expectNoSidewaysScroll(page: Page, url: string) {
  const widths = await page.evaluate(() => {
    const root = document.scrollingElement!;
    const clipped = (e: Element) => {
      for (let p = e.parentElement; p && p !== document.body; p = p.parentElement) if (["auto", "scroll", "hidden", "clip"].includes(getComputedStyle(p).overflowX)) return true;
      return false;
    };
    const wide = [...document.querySelectorAll("body *")]
      .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 0.5 && !clipped(e))
      .sort((a, b) => b.getBoundingClientRect().right - a.getBoundingClientRect().right)
      .slice(0, 5)
      .map((e) => `${e.tagName.toLowerCase()}.${[...e.classList].join(".")} right=${Math.round(e.getBoundingClientRect().right)}`);
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth, wide };
  });
  expect.soft(widths.scrollWidth, `${url} (now ${page.url()}) scrolls sideways: ${widths.wide.join(", ")}`).toBeLessThanOrEqual(widths.clientWidth);
}

/** The navigation's current tab is within the screen (on a phone its bar scrolls sideways). */
export async function expectCurrentTabInView(page: Page, url: string, selector: string) {
  const current = page.locator(`${selector} [aria-current="page"]`).first();
  if ((await current.count()) === 0) return;
  const box = await current.boundingBox();
  const width = page.viewportSize()!.width;
  expect.soft(box && box.x >= 0 && box.x + box.width <= width + 0.5, `${url}: the current tab is out of view (${JSON.stringify(box)})`).toBe(true);
}
