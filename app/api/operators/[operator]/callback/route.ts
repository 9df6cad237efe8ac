// PUT|POST /api/operators/{operator}/callback - an operator tells us a payment has news (no merchant auth)
import { receiveOperatorCallback } from "@/lib/deposits/receive-operator-callback";
import { notFound } from "@/lib/errors/api-error";
import { operatorFromPathSegment } from "@/lib/gateways/operators/operator-gateways";
import { apiRoute, routeMethods, type ApiContext } from "@/lib/http/api-route";
import { readBodyText } from "@/lib/http/read-body-text";

// MTN sends its callback as a PUT or a POST (its documentation says to accept both).
async function receive({ db, request, params }: ApiContext<undefined, "none">) {
  const operator = operatorFromPathSegment(params.operator);
  if (!operator) throw notFound("Operator", params.operator);
  // The status read it triggers runs after the answer: operators want a fast 200.
  await receiveOperatorCallback(db, { operator, url: new URL(request.url), bodyText: await readBodyText(request) });
  return { body: { received: true } };
}

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  POST: apiRoute({ auth: "none" }, receive),
  PUT: apiRoute({ auth: "none" }, receive),
});
