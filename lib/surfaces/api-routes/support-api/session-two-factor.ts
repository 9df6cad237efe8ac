// POST /admin/api/session/two-factor - the second step of a two-factor sign-in (JSON or the login form)
import { verifySecondFactor } from "@/lib/features/staff/sign-in";
import { isFormPost, signInAnswer, signInRefusal } from "@/lib/surfaces/http/admin-sign-in-answer";
import { authHeaders } from "@/lib/features/staff/staff-session";
import { db } from "@/lib/core/db/client";
import { clientAddress } from "@/lib/core/request/client-address";
import { readFormBody } from "@/lib/surfaces/http/read-form-body";
import { readJsonBody } from "@/lib/surfaces/http/read-json-body";
import { routeMethods } from "@/lib/surfaces/http/api-route";

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

// Other methods answer 400/40017 in the error envelope, with Allow.
export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ POST: post });
