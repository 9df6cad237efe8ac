// POST /check/form (and /test/check/form in the sandbox: the proxy strips /test and passes the
// environment in a header) - "Was I charged?" (issue 51): the look-up, "check again" and "tell the
// merchant", plain forms that work without JavaScript. Thin: lib/features/charge-lookup does each;
// this answers 303 to the page, the payments found in a signed cookie (never in the address), or
// the 429 page when a limit is reached. Never a 500 page: anything unexpected says "generic".
import { isOutcome } from "@/lib/core/errors/domain-error";
import { errorFields, log } from "@/lib/core/logging/log";
import { clientLimitKey } from "@/lib/core/request/client-address";
import { localeOfHeaders } from "@/lib/features/auth/request-locale";
import { alertMerchant } from "@/lib/features/charge-lookup/alert-merchant";
import { checkChargesAgain, lookUpCharges } from "@/lib/features/charge-lookup/look-up-charges";
import { lookupCookie, lookupPagePath, lookupTokenFromCookies, lookupTokenOf, readLookupToken } from "@/lib/features/charge-lookup/lookup-token";
import { readCustomerForm, tooLargeFormResponse } from "@/lib/surfaces/http/customer-posts";
import { formOrigins, redirectOrigin } from "@/lib/surfaces/http/host-origin";
import { limitedFormResponse } from "@/lib/surfaces/http/limited-form-page";
import { proxiedRequestEnvironment } from "@/lib/surfaces/http/request-environment";
import { isSameOriginPost } from "@/lib/surfaces/http/same-origin-post";

export async function POST(request: Request) {
  const environment = proxiedRequestEnvironment(request.headers);
  const pagePath = lookupPagePath(environment);
  // Absolute (Next's server answers a relative Location with a bare 500 in production), on the Host, never X-Forwarded-Host.
  const origin = redirectOrigin(request.headers);
  const seeOther = (search: string, cookie?: string) => {
    const headers = new Headers({ location: `${origin}${pagePath}${search}`, "cache-control": "no-store" });
    if (cookie) headers.append("set-cookie", cookie);
    return new Response(null, { status: 303, headers });
  };
  // A stranger's site may not search in a visitor's name (nor spend their address's allowance).
  if (!isSameOriginPost(request, formOrigins(request.headers))) return seeOther("");
  const form = await readCustomerForm(request);
  if (form === "tooLarge") return tooLargeFormResponse(pagePath);
  if (!form) return seeOther("?error=generic");

  const addressKey = clientLimitKey(request);
  const found = readLookupToken(lookupTokenFromCookies(request.headers.get("cookie")), environment);
  const field = (name: string) => form.get(name);
  try {
    switch (field("intent")) {
      case "lookup": {
        const answer = await lookUpCharges({
          environment,
          addressKey,
          form: { country: field("country"), phone: field("phone"), amount: field("amount"), day: field("day"), operatorId: field("operatorId") },
        });
        if ("error" in answer) return seeOther(`?error=${answer.error}`);
        const cookie = lookupCookie(lookupTokenOf(environment, answer.ids), { environment, secure: origin.startsWith("https:") });
        return seeOther("?answer=1", cookie);
      }
      case "again": {
        if (!found) return seeOther("");
        await checkChargesAgain({ environment, addressKey, ids: found.ids });
        return seeOther("?answer=1");
      }
      case "alert": {
        const index = Number(field("payment"));
        const depositId = found && Number.isInteger(index) ? found.ids[index] : undefined;
        if (!depositId) return seeOther("");
        const outcome = await alertMerchant({ environment, depositId, addressKey });
        return seeOther(outcome === "unknown" ? "?answer=1" : `?answer=1&alert=${outcome}&payment=${index}`);
      }
      default:
        return seeOther("?error=generic");
    }
  } catch (error) {
    if (isOutcome(error, "limited")) return limitedFormResponse(error, { locale: localeOfHeaders(request.headers), backPath: pagePath });
    log("error", "charge lookup form failed", { intent: field("intent"), ...errorFields(error) });
    return seeOther("?error=generic");
  }
}

/** The form's address reloaded or followed: the page. */
export async function GET(request: Request) {
  const location = `${redirectOrigin(request.headers)}${lookupPagePath(proxiedRequestEnvironment(request.headers))}`;
  return new Response(null, { status: 303, headers: { location, "cache-control": "no-store" } });
}
