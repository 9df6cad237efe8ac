import "server-only";
import type { DashboardPage } from "@/lib/features/auth/member-permissions";
import { db, type Db } from "@/lib/core/db/client";
import { errorBody } from "@/lib/core/errors/api-error";
import type { MerchantScope } from "@/lib/core/domain/merchant-scope";
import type { SessionMember } from "@/lib/features/auth/session-member";
import { routeMember } from "@/lib/surfaces/dashboard/require-member";
import { apiErrorOf } from "@/lib/surfaces/http/api-error-of";

/**
 * A dashboard CSV download (`page`, for who may fetch it): the signed-in member's scope (401
 * without a member, 403 for a role that may not), the lines streamed as they are read, an
 * refusal (an outcome) before the first line as the spec's envelope.
 * `lines` gets the scope and the database to read it from (routes never import the client), and
 * the member (their merchant's time zone).
 */
export async function csvDownload(page: DashboardPage, filename: string, lines: (scope: MerchantScope, db: Db, member: SessionMember) => AsyncGenerator<string>): Promise<Response> {
  const context = await routeMember(page);
  if (context instanceof Response) return context;
  const iterator = lines(context.scope, db(), context.member);
  let first: IteratorResult<string>;
  try {
    first = await iterator.next();
  } catch (error) {
    const apiError = apiErrorOf(error);
    if (apiError) return Response.json(errorBody(apiError.code, apiError.details), { status: apiError.status });
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
