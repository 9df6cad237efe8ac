import { isKnownFailureReason } from "@/lib/core/domain/failure-reasons";

// Human labels of the codes the data holds (messages: labels), for the dashboard and the
// checkout alike: gateway ids (MTN_MOMO_CI -> "MTN MoMo Côte d'Ivoire"), ledger kinds and
// failure reasons. lib/core/i18n/labels-coverage.test.ts checks every one has a label in both catalogs.

/** A translator of the `labels` namespace (next-intl's useTranslations("labels") / getTranslations("labels")). */
type Labels = { (key: string): string; has(key: string): boolean };

/** A gateway's name for people; its id when the catalog has a gateway we have no label for yet. */
export const gatewayLabel = (t: Labels, name: string) => (t.has(`gateway.${name}`) ? t(`gateway.${name}`) : name);

export const ledgerKindLabel = (t: Labels, kind: string) => (t.has(`ledgerKind.${kind}`) ? t(`ledgerKind.${kind}`) : kind);

/** Why it failed; an operator's code we have no word for reads "refused by the operator". */
export const failureReasonLabel = (t: Labels, reason: string) => t(`failureReason.${isKnownFailureReason(reason) ? reason : "other"}`);
