// POST /p/{reference}/pay (and /test/p/... in the sandbox: the proxy strips /test and passes the
// environment in a header) - "Pay" on a payment page, a plain form that works without JavaScript
// (issue 36 part 2). Thin: lib/surfaces/checkout/page-form.ts makes the customer's link
// (makePagePaymentLink); this answers 303 to that link's checkout, or back to the page with the
// error and the amount typed in the query. Never a 500 page: anything unexpected says "generic".
import { pathPrefix } from "@/lib/core/domain/environment";
import { errorFields, log } from "@/lib/core/logging/log";
import { clientAddress } from "@/lib/core/request/client-address";
import { paymentUrl } from "@/lib/features/links/payment-url";
import { pageFormSearch, submitPageForm } from "@/lib/surfaces/checkout/page-form";
import { pageUrl } from "@/lib/features/payment-pages/page-url";
import { formOrigins, redirectOrigin } from "@/lib/surfaces/http/host-origin";
import { proxiedRequestEnvironment } from "@/lib/surfaces/http/request-environment";
import { isSameOriginPost } from "@/lib/surfaces/http/same-origin-post";
import { readCustomerForm, tooLargeFormResponse } from "@/lib/surfaces/http/customer-posts";

type Params = { params: Promise<{ reference: string }> };

const seeOther = (location: string) => new Response(null, { status: 303, headers: { location, "cache-control": "no-store" } });

export async function POST(request: Request, { params }: Params) {
  const { reference } = await params;
  const environment = proxiedRequestEnvironment(request.headers);
  // Absolute (Next's server answers a relative Location with a bare 500 in production), on the
  // public address, never X-Forwarded-Host (issue 46).
  const page = pageUrl(encodeURIComponent(reference), environment, redirectOrigin(request.headers));
  // A stranger's site may not make links in the customer's name (nor spend their address's
  // allowance): back to the page, nothing made.
  if (!isSameOriginPost(request, formOrigins(request.headers))) return seeOther(page);

  // At most 8 KiB, read as it streams in: the form is one field (issue 46).
  const form = await readCustomerForm(request);
  if (form === "tooLarge") return tooLargeFormResponse(`${pathPrefix(environment)}/p/${encodeURIComponent(reference)}`);
  const typed = form?.get("amount");
  try {
    const answer = await submitPageForm({ reference, environment, amount: typeof typed === "string" ? typed : undefined, clientAddress: clientAddress(request) });
    if ("notFound" in answer) return new Response("Not found", { status: 404, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" } });
    if ("linkReference" in answer) return seeOther(paymentUrl(answer.linkReference, environment, redirectOrigin(request.headers)));
    return seeOther(`${page}${answer.search}`);
  } catch (error) {
    log("error", "payment page form failed", { reference, ...errorFields(error) });
    return seeOther(`${page}${pageFormSearch("generic")}`);
  }
}

/** The form's address reloaded or followed: the page. */
export async function GET(request: Request, { params }: Params) {
  const { reference } = await params;
  return seeOther(pageUrl(encodeURIComponent(reference), proxiedRequestEnvironment(request.headers), redirectOrigin(request.headers)));
}
