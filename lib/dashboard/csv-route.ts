import "server-only";
import { getSessionMember } from "@/lib/auth/session-member";
import { ApiError, errorBody } from "@/lib/errors/api-error";
import type { DashboardScope } from "./dashboard-scope";
import { dashboardEnvironment } from "./require-member";

/**
 * A dashboard CSV download: the signed-in member's scope (401 without a member), the lines
 * streamed as they are read, an ApiError before the first line as the spec's envelope.
 */
export async function csvDownload(filename: string, lines: (scope: DashboardScope) => AsyncGenerator<string>): Promise<Response> {
  const member = await getSessionMember();
  if (!member) return Response.json(errorBody(40002, "Sign in to the dashboard first"), { status: 401 });
  const scope = { merchantId: member.merchantId, environment: await dashboardEnvironment() };
  const iterator = lines(scope);
  let first: IteratorResult<string>;
  try {
    first = await iterator.next();
  } catch (error) {
    if (error instanceof ApiError) return Response.json(errorBody(error.code, error.details), { status: error.status });
    throw error;
  }
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      if (!first.done) controller.enqueue(encoder.encode(first.value));
      if (first.done) controller.close();
    },
    async pull(controller) {
      const next = await iterator.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    cancel() {
      void iterator.return(undefined);
    },
  });
  return new Response(body, {
    headers: { "content-type": "text/csv; charset=utf-8", "content-disposition": `attachment; filename="${filename}"`, "cache-control": "private, no-store" },
  });
}
