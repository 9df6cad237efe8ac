// POST /test/sandbox/operator/{reference}/decision - the simulated operator's Approve / Decline
import { decideSandboxOperatorDeposit } from "@/lib/features/deposits/sandbox-operator-queries";
import { publicBaseUrl } from "@/lib/core/domain/public-base-url";
import { returnUrlWith } from "@/lib/core/domain/return-url";
import { ApiError } from "@/lib/core/errors/api-error";
import { answerResponse, errorAnswer, requestIdFor } from "@/lib/surfaces/http/json-answer";
import { routeMethods } from "@/lib/surfaces/http/route-methods";
import { redirectOrigin } from "@/lib/surfaces/http/host-origin";
import { proxiedRequestEnvironment } from "@/lib/surfaces/http/request-environment";
import { readFormBody } from "@/lib/surfaces/http/read-form-body";
import { readRouteParams } from "@/lib/surfaces/http/route-params";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  POST: async (request, context) => {
    const requestId = requestIdFor(request);
    try {
      const { reference } = await readRouteParams(context);
      if (proxiedRequestEnvironment(request.headers) !== "sandbox") throw new ApiError(40004);
      const { decision } = await readFormBody(request);
      if (decision !== "approve" && decision !== "decline") {
        throw new ApiError(40023, { details: "decision must be approve or decline" });
      }
      const deposit = await decideSandboxOperatorDeposit(reference, decision);
      // Back to the operator's page on the public address: request.url is Next's own bind address.
      const page = `${publicBaseUrl(redirectOrigin(request.headers))}/test/sandbox/operator/${encodeURIComponent(reference)}`;
      const target = returnUrlWith(deposit.returnUrl, deposit.reference, deposit.status) ?? page;
      return new Response(null, { status: 303, headers: { location: target, "cache-control": "no-store" } });
    } catch (error) {
      return answerResponse(errorAnswer(error, requestId, request));
    }
  },
});
