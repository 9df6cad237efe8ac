// The delivery reports' former URL, retired (issue 34)
import { ApiError } from "@/lib/core/errors/api-error";
import { apiRoute } from "@/lib/surfaces/http/api-route";
import { apiOperation } from "../operation";

// The secret went in ?key=, which access logs keep. Refused outright, even with the right key: a
// secret that sat in logs is no secret, and a deprecation period would keep checking it
// (docs/sms.md, "Moving the callback URL").
export const postSmsDeliveryReportsRetired = apiOperation({
  method: "POST",
  path: "/api/sms/[provider]/delivery-reports",
  handler: apiRoute({ auth: "none" }, async () => {
    throw new ApiError(40002, { details: "The delivery report's secret goes in the path: /api/sms/{provider}/delivery-reports/{secret}; the ?key= form is retired (docs/sms.md)" });
  }),
});
