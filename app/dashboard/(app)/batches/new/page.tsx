import { getTranslations } from "next-intl/server";
import { BatchUploadForm } from "@/components/dashboard/batch-upload-form";
import { pageTitle } from "@/components/page-title";
import { BATCH_MAX_LINES } from "@/lib/core/schemas/transfer-batch";
import { getNewBatchPage } from "@/lib/surfaces/dashboard/batches-queries";
import { dashboardPath } from "@/lib/surfaces/dashboard/dashboard-paths";
import { requirePageMember } from "@/lib/surfaces/dashboard/require-member";
import { checkBatchAction } from "./actions";

export const generateMetadata = pageTitle("newBatch");

// Upload a bulk payout's CSV, see every line checked, fix, submit for approval (issue 49).
export default async function NewBatchPage() {
  const { scope } = await requirePageMember("/dashboard/batches/new");
  const [tb, { gateways }] = await Promise.all([getTranslations("batches"), getNewBatchPage(scope)]);
  return (
    <>
      <h1>{tb("new")}</h1>
      <section className="dash-card" aria-label={tb("template")}>
        <p>{tb("templateHelp", { max: BATCH_MAX_LINES })}</p>
        <p className="dash-hint">{tb("gateways", { gateways: gateways.map((g) => g.name).join(", ") })}</p>
        <p>
          <a className="dash-button" href={dashboardPath(scope.environment, "/batches/template.csv")} download>
            {tb("template")}
          </a>
        </p>
      </section>
      <section className="dash-card" aria-label={tb("new")}>
        <BatchUploadForm
          action={checkBatchAction}
          labels={{
            file: tb("file"),
            csv: tb("csv"),
            title: tb("titleField"),
            check: tb("check"),
            checkAgain: tb("checkAgain"),
            checking: tb("checking"),
            submit: tb("submit"),
            submitting: tb("submitting"),
            line: tb("line"),
            reference: tb("list.reference"),
            beneficiary: tb("beneficiary"),
            gateway: tb("gateway"),
            amount: tb("amount"),
            fees: tb("fees"),
            result: tb("check_result"),
            ok: tb("lineOk"),
            totals: { amount: tb("totals.amount"), fees: tb("totals.fees"), total: tb("totals.total"), available: tb("totals.available") },
          }}
        />
      </section>
    </>
  );
}
