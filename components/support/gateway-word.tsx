import { useTranslations } from "next-intl";
import { gatewayLabel } from "@/lib/core/i18n/code-labels";

/** A gateway in words ("MTN_MOMO_CI" -> "MTN MoMo Côte d'Ivoire"), as the dashboard and checkout name it; its id for one we have no label for. */
export function GatewayWord({ name }: { name: string | null | undefined }) {
  const t = useTranslations("labels");
  if (!name) return <>—</>;
  const label = gatewayLabel(t, name);
  return label === name ? <code>{name}</code> : <span title={name}>{label}</span>;
}
