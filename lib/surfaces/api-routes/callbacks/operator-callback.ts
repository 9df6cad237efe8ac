// An operator tells us a payment has news (no merchant auth)
import { receiveOperatorCallback } from "@/lib/features/deposits/receive-operator-callback";
import { ApiError } from "@/lib/core/errors/api-error";
import { notFound } from "@/lib/core/errors/domain-error";
import { operatorFromPathSegment } from "@/lib/integrations/gateways/operators/operator-gateways";
import { apiRoute } from "@/lib/surfaces/http/api-route";
import type { ApiContext } from "@/lib/surfaces/http/api-context";
import { readBodyText } from "@/lib/surfaces/http/read-body-text";
import { apiOperation } from "../operation";

// MTN sends its callback as a PUT or a POST (its documentation says to accept both); Wave and
// pawaPay POST (pawaPay's signature covers the method).
async function receive({ db, request, params }: ApiContext<undefined, "none">) {
  const operator = operatorFromPathSegment(params.operator);
  if (!operator) throw notFound("Operator", params.operator);
  // A status read it triggers runs after the answer: operators want a fast 200.
  const { refused } = await receiveOperatorCallback(db, {
    operator,
    method: request.method,
    url: new URL(request.url),
    headers: request.headers,
    bodyText: await readBodyText(request),
  });
  if (refused) throw new ApiError(40002, { details: `the ${operator} event's signature was refused (${refused})` });
  return { body: { received: true } };
}

export const postOperatorCallback = apiOperation({
  method: "POST",
  path: "/api/operators/[operator]/callback",
  handler: apiRoute({ auth: "none" }, receive),
});

export const putOperatorCallback = apiOperation({
  method: "PUT",
  path: "/api/operators/[operator]/callback",
  handler: apiRoute({ auth: "none" }, receive),
});
