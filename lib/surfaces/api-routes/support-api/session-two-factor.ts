// The second step of a two-factor sign-in (JSON or the login form)
import { verifySecondFactor } from "@/lib/features/staff/sign-in";
import { isFormPost, signInAnswer, signInRefusal } from "@/lib/surfaces/http/staff-sign-in-answer";
import { authHeaders } from "@/lib/surfaces/http/auth-headers";
import { db } from "@/lib/core/db/client";
import { clientAddress } from "@/lib/core/request/client-address";
import { readFormBody } from "@/lib/surfaces/http/read-form-body";
import { readJsonBody } from "@/lib/surfaces/http/read-json-body";
import { apiOperation } from "../operation";

async function post(request: Request) {
  const form = isFormPost(request);
  try {
    const result = await verifySecondFactor(db(), {
      ip: clientAddress(request),
      headers: authHeaders(request),
      readCode: () => (form ? readFormBody(request) : readJsonBody(request)),
    });
    return await signInAnswer(request, result, form);
  } catch (error) {
    return signInRefusal(request, error, form, "two-factor");
  }
}

export const postSupportSessionTwoFactor = apiOperation({
  method: "POST",
  path: "/admin/api/session/two-factor",
  handler: post,
});
