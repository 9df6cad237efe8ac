// POST /pay/{reference}/form (and /test/pay/... in the sandbox: the proxy strips /test and passes
// the environment in a header) - a checkout step's form, posted without JavaScript or before the
// page's scripts have loaded (issue 35). Thin: lib/surfaces/checkout/submit-checkout-form.ts does
// the step through the JSON checkout API's own feature functions; this answers 303 to the page with
// the next step in the query. Never a 500 page: anything unexpected is logged and the step says "generic".
// Every Location is the link's paymentUrl, on the public address (never X-Forwarded-Host), no-store.
import { pathPrefix } from "@/lib/core/domain/environment";
import { errorFields, log } from "@/lib/core/logging/log";
import { paymentUrl } from "@/lib/features/links/payment-url";
import { clientAddress } from "@/lib/core/request/client-address";
import { checkoutCookie, checkoutPageCookie, readCheckoutToken } from "@/lib/surfaces/checkout/checkout-cookie";
import { checkoutPageSearch, parseCheckoutForm } from "@/lib/surfaces/checkout/checkout-steps";
import { isSameOriginPost } from "@/lib/surfaces/http/same-origin-post";
import { readCustomerForm, tooLargeFormResponse } from "@/lib/surfaces/http/customer-posts";
import { submitCheckoutForm } from "@/lib/surfaces/checkout/submit-checkout-form";
import { typedPhoneCookie } from "@/lib/surfaces/checkout/typed-phone";
import { formOrigins, redirectOrigin } from "@/lib/surfaces/http/host-origin";
import { proxiedRequestEnvironment } from "@/lib/surfaces/http/request-environment";

type Params = { params: Promise<{ reference: string }> };

export async function POST(request: Request, { params }: Params) {
  const { reference } = await params;
  const environment = proxiedRequestEnvironment(request.headers);
  // The Host, never X-Forwarded-Host: what paymentUrl and the operators' return URLs fall back to in development.
  const origin = redirectOrigin(request.headers);
  const page = checkoutPage(request, reference);
  const seeOther = (search: string, cookies: string[] = []) => {
    const headers = new Headers({ location: `${page}${search}`, "cache-control": "no-store" });
    for (const cookie of cookies) headers.append("set-cookie", cookie);
    return new Response(null, { status: 303, headers });
  };
  // Cross-site forms may not act for the customer (the session cookie is SameSite=Lax, but a
  // stranger's form could still start attempts on a link): back to the page, nothing done.
  if (!isSameOriginPost(request, formOrigins(request.headers))) return seeOther("");

  // At most 8 KiB, read as it streams in: a step's form is a few fields (issue 46).
  const form = await readCustomerForm(request);
  if (form === "tooLarge") return tooLargeFormResponse(`${pathPrefix(environment)}/pay/${encodeURIComponent(reference)}`);
  const intent = form && parseCheckoutForm(form);
  if (!intent) return seeOther(checkoutPageSearch({ error: "generic" }));
  try {
    const checkoutToken = readCheckoutToken(request);
    const answer = await submitCheckoutForm({ reference, environment, origin, clientAddress: clientAddress(request), checkoutToken, intent });
    const secure = origin.startsWith("https:");
    const cookies = answer.setToken
      ? [checkoutPageCookie(answer.setToken, { reference, environment, secure }), checkoutCookie(answer.setToken, { reference, environment, secure })]
      : [];
    // The number typed, for the phone step shown again: never in the Location (history, logs).
    if (answer.typedPhone !== undefined) cookies.push(typedPhoneCookie(answer.typedPhone, { reference, environment, secure }));
    return seeOther(answer.search, cookies);
  } catch (error) {
    log("error", "checkout form failed", { reference, intent: intent.intent, ...errorFields(error) });
    return seeOther(checkoutPageSearch({ error: "generic" }));
  }
}

/** A form address reloaded or followed: the page. */
export async function GET(request: Request, { params }: Params) {
  const { reference } = await params;
  return new Response(null, { status: 303, headers: { location: checkoutPage(request, reference), "cache-control": "no-store" } });
}

/** The link's checkout page, absolute (Next's server answers a relative Location with a bare 500 in production). */
const checkoutPage = (request: Request, reference: string) =>
  paymentUrl(encodeURIComponent(reference), proxiedRequestEnvironment(request.headers), redirectOrigin(request.headers));
