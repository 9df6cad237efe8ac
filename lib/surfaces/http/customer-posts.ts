import { ApiError } from "@/lib/core/errors/api-error";
import { readFormBody } from "./read-form-body";

// What a customer posts without a key: a checkout step's form (/pay/{reference}/form), a payment
// page's "Pay" (/p/{reference}/pay) and the checkout's JSON (/api/checkout/{reference}/attempts,
// /otp). Each is a few fields of a few dozen bytes, from anyone on the internet, so each takes at
// most CUSTOMER_POST_MAX_BYTES, not the API's 64 KiB (issue 46). Our server's front door answers a
// larger body before Next reads it (server/customer-posts.cjs, the same cap and page: Next would
// otherwise read a page's body whole, keeping up to 10 MB, before any route runs); the routes hold
// to it again for a server without the front door and for the tests that call them directly.

export const CUSTOMER_POST_MAX_BYTES = 8 * 1024;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The page a form path answers a body over the cap with (413): both languages, since nothing of
 * the request was read to choose one, and the way back to the form's page. Kept identical to
 * server/customer-posts.cjs's (tests/platform/front-door-bodies.integration.test.ts).
 */
export function tooLargeFormPage(backPath: string): string {
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    "<title>Form too large / Formulaire trop volumineux</title></head><body><main>",
    "<h1>The form sent too much</h1><p>Nothing was done. Go back to the page and try again.</p>",
    '<h1 lang="fr">Le formulaire envoyé est trop volumineux</h1><p lang="fr">Rien n’a été fait. Revenez à la page et réessayez.</p>',
    `<p><a href="${escapeHtml(backPath)}">Back to the page / Retour à la page</a></p>`,
    "</main></body></html>\n",
  ].join("");
}

export function tooLargeFormResponse(backPath: string): Response {
  return new Response(tooLargeFormPage(backPath), {
    status: 413,
    headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" },
  });
}

/**
 * A customer's form, read up to the cap: its fields, "tooLarge" past the cap (declared or counted
 * as it streams in; no more is read), or null when it cannot be read (text the database cannot
 * store, a broken stream), which the steps treat as a form they do not know.
 */
export async function readCustomerForm(request: Request): Promise<URLSearchParams | "tooLarge" | null> {
  try {
    return new URLSearchParams(Object.entries(await readFormBody(request, CUSTOMER_POST_MAX_BYTES)));
  } catch (error) {
    if (error instanceof ApiError && error.status === 413) return "tooLarge";
    return null;
  }
}
