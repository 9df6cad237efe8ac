// GET /api/v4/payments/page/{reference}/payments - the payment links made from a page, newest first, by cursor pages (an extension)
import { apiRoute, routeMethods } from "@/lib/surfaces/http/api-route";
import { listPagePayments } from "@/lib/features/payment-pages/list-page-payments";
import { validationError } from "@/lib/core/errors/validation-errors";
import { listPagePaymentsQuerySchema } from "@/lib/core/schemas/payment-page";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: apiRoute({ auth: { scope: "links:read" } }, async ({ db, request, params, principal, environment, origin }) => {
    const input = Object.fromEntries(new URL(request.url).searchParams);
    const parsed = listPagePaymentsQuerySchema.safeParse(input);
    if (!parsed.success) throw validationError(parsed.error, input);
    return { body: await listPagePayments(db, { reference: params.reference, merchantId: principal.merchantId, environment, origin, query: parsed.data }) };
  }),
});
