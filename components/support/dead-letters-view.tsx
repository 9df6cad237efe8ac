"use client";

import { useTranslations } from "next-intl";
import { QueryFallback } from "./query-fallback";
import { DeliveryCard, type Delivery } from "./detail-sections";
import { useSupportAction, useSupportQuery } from "./queries";
import { useStaffCan } from "./staff-context";

export function DeadLettersView() {
  const t = useTranslations("support");
  const resends = useStaffCan("webhooks:resend");
  const list = useSupportQuery<{ items: (Delivery & { reference: string })[] }>("/admin/api/webhooks");
  const retry = useSupportAction<string, unknown>((id) => `/admin/api/webhooks/deliveries/${id}/retry`);
  if (!list.isSuccess) return <QueryFallback query={list} />;
  return (
    <>
      <h1>{t("nav.webhooks")}</h1>
      {list.data.items.length === 0 && <p>{t("search.none")}</p>}
      {list.data.items.map((d) => (
        <div key={d.id}>
          <p>
            <a href={`/admin/payments/${d.reference}`}>{d.reference}</a>
          </p>
          <DeliveryCard delivery={d} canRetry={resends} onRetry={() => retry.mutate(d.id)} retrying={retry.isPending} />
        </div>
      ))}
      {retry.isSuccess && <p role="status">{t("detail.retried")}</p>}
    </>
  );
}
