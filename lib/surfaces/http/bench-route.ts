import { errorBody } from "@/lib/core/errors/api-error";
import { answerResponse, jsonAnswer, requestIdFor } from "./json-answer";
import { staticErrorResponse } from "./route-methods";
import type { NextRouteContext } from "./route-params";

const disabled = staticErrorResponse(40004);

/**
 * A route of app/api/bench: one of the benchmark's framework floors, a handler doing nothing but
 * what every handler of its shape must (read a JSON body, or a path parameter). They are measuring
 * instruments, not the API: they answer only when BENCH_ROUTES=1, as scripts/bench.ts sets it.
 */
export function benchRoute(answer: (request: Request, context: NextRouteContext) => Promise<unknown>) {
  return async (request: Request, context: NextRouteContext): Promise<Response> => {
    if (process.env.BENCH_ROUTES !== "1") return disabled(request, context);
    try {
      return Response.json(await answer(request, context), { headers: { "cache-control": "no-store" } });
    } catch (error) {
      return answerResponse(jsonAnswer(400, errorBody(40016, (error as Error).message), requestIdFor(request)));
    }
  };
}
