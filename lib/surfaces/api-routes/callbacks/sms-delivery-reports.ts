// An SMS provider reports a message's delivery (no merchant auth)
import { ApiError } from "@/lib/core/errors/api-error";
import { apiRoute } from "@/lib/surfaces/http/api-route";
import { readBodyText } from "@/lib/surfaces/http/read-body-text";
import { checkFieldsText } from "@/lib/core/request/storable-text";
import { receiveDeliveryReport } from "@/lib/features/link-sends/receive-delivery-report";
import { apiOperation } from "../operation";

// Africa's Talking names the report's fields but not their encoding: read a form body, or JSON.
async function reportFields(request: Request): Promise<Record<string, string>> {
  const text = await readBodyText(request);
  if ((request.headers.get("content-type") ?? "").includes("application/json")) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) return Object.fromEntries(Object.entries(parsed).map(([k, v]) => [k, String(v ?? "")]));
    } catch {
      throw new ApiError(40016, { details: "The report is not valid JSON" });
    }
    throw new ApiError(40023, { details: "The report must be an object" });
  }
  const fields = new URLSearchParams(text);
  checkFieldsText(fields);
  return Object.fromEntries(fields);
}

export const postSmsDeliveryReports = apiOperation({
  method: "POST",
  path: "/api/sms/[provider]/delivery-reports/[secret]",
  handler: apiRoute({ auth: "none" }, async ({ db, request, params }) => {
    const answer = await receiveDeliveryReport(db, { provider: params.provider, key: params.secret, fields: await reportFields(request) });
    if (answer === "refused") throw new ApiError(40002, { details: "The delivery report's secret is missing or wrong" });
    if (answer === "unknown_provider") throw new ApiError(40004, { details: `No SMS provider ${params.provider} is configured` });
    if (answer === "not_a_report") throw new ApiError(40023, { details: "Not a delivery report: id and a known status are required" });
    // An unknown message id is answered 200 too (kept in case its send is still recording it): the
    // provider must not retry it forever.
    return { body: { received: true, result: answer } };
  }),
});
