// The request Next would give a page or a server action, for tests that call them directly:
// next/headers answers `nextRequest.headers`, next-intl's server API the catalog of
// `nextRequest.locale`, next/cache does nothing (there is no page to re-render). A test file
// installs them with:
//   vi.mock("next/headers", async () => (await import("./helpers/next-request")).nextHeaders);
//   vi.mock("next/cache", async () => (await import("./helpers/next-request")).nextCache);
//   vi.mock("next-intl/server", async () => (await import("./helpers/next-request")).nextIntlServer());
// redirect() and notFound() work as they are: they throw an error whose digest names the target.
import { createFormatter, createTranslator } from "next-intl";
import { ENVIRONMENT_HEADER } from "@/lib/core/request/environment-header";
import en from "@/messages/en.json";
import fr from "@/messages/fr.json";
import { ORIGIN } from "./api-client";
import { LiveCreationRefused } from "@/components/dashboard/live-creation-refused";
import { BalanceAmounts } from "@/components/dashboard/balance-amounts";
import { StatementLedger, StatementPeriodForm, StatementSummaries } from "@/components/dashboard/balance-statement";
import { BalanceTransferRequest } from "@/components/dashboard/balance-transfer-request";
import { BalanceTransfers } from "@/components/dashboard/balance-transfers";
import { ApiKeyCard, DevelopersApiKeys, NewApiKeyForm } from "@/components/dashboard/developers-api-keys";
import { DevelopersFirstKey } from "@/components/dashboard/developers-first-key";
import { LinkDetails } from "@/components/dashboard/link-details";
import { LinkAttempts, LinkTimeline } from "@/components/dashboard/link-history";
import { LinkQrCard } from "@/components/dashboard/link-qr-card";

export const nextRequest = { headers: new Headers(), locale: "en" as "en" | "fr" };

/** The next call is a browser's holding `cookie`, on the sandbox dashboard (the environment proxy.ts passes on). */
export function browseWith(cookie: string) {
  nextRequest.headers = new Headers({ cookie, host: new URL(ORIGIN).host, origin: ORIGIN, [ENVIRONMENT_HEADER]: "sandbox" });
}

export const nextHeaders = {
  headers: async () => nextRequest.headers,
  // better-auth's nextCookies plugin sets cookies on the response: there is none here.
  cookies: async () => ({ get: () => undefined, getAll: () => [], has: () => false, set: () => undefined, delete: () => undefined }),
};

export const nextCache = { refresh: () => undefined, revalidatePath: () => undefined };

export function nextIntlServer() {
  const messages = { en, fr };
  return {
    getTranslations: async (namespace?: string) => createTranslator({ locale: nextRequest.locale, messages: messages[nextRequest.locale], namespace: namespace as never }),
    getLocale: async () => nextRequest.locale,
    getFormatter: async () => createFormatter({ locale: nextRequest.locale, timeZone: "UTC" }),
  };
}

/** Where a page or an action sent the browser (redirect()), or null when it answered. Other errors are thrown. */
export async function redirectOf(work: () => Promise<unknown>): Promise<string | null> {
  try {
    await work();
    return null;
  } catch (error) {
    const digest = (error as { digest?: unknown })?.digest;
    if (typeof digest === "string" && digest.startsWith("NEXT_REDIRECT;")) return digest.split(";")[2];
    throw error;
  }
}

/**
 * Our components with no hooks, which a test may call as functions to see what they draw (the pages'
 * sections among them). Not those importing next-intl/server (the send and delivery-log sections):
 * this module is that mock's factory, and importing the mocked module from it never resolves.
 */
const PLAIN_COMPONENTS = [
  LiveCreationRefused,
  ...[BalanceAmounts, BalanceTransferRequest, BalanceTransfers, StatementPeriodForm, StatementSummaries, StatementLedger],
  ...[LinkQrCard, LinkDetails, LinkTimeline, LinkAttempts],
  ...[DevelopersFirstKey, DevelopersApiKeys, ApiKeyCard, NewApiKeyForm],
] as ((props: never) => unknown)[];

type Element = { type: unknown; props: Record<string, unknown> & { children?: unknown } };

/**
 * The props of the `type` elements ("form", "input") in what a page returned, without rendering it.
 * Elements of our own plain components (not client ones) are looked into when listed in `expand`.
 */
export function elementsOf(node: unknown, type: string, expand: ((props: never) => unknown)[] = PLAIN_COMPONENTS): Element["props"][] {
  if (Array.isArray(node)) return node.flatMap((child) => elementsOf(child, type));
  if (!node || typeof node !== "object" || !("props" in node)) return [];
  const element = node as Element;
  if (typeof element.type === "function" && expand.includes(element.type as never)) return elementsOf((element.type as (props: unknown) => unknown)(element.props), type, expand);
  return [...(element.type === type ? [element.props] : []), ...elementsOf(element.props.children, type, expand)];
}
