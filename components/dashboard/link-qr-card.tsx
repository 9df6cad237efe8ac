import type { ComponentProps } from "react";
import type { getMerchantLink } from "@/lib/surfaces/dashboard/links-queries";
import type { Translator } from "./translator";
import { ActionForm } from "./action-form";
import { ShareActions } from "./share-actions";

type Props = {
  link: Awaited<ReturnType<typeof getMerchantLink>>["link"];
  /** The link's formatted amount, as the page shows it. */
  amount: string;
  /** The link's dashboard address, under which its QR code is drawn (qr.svg, qr.png). */
  qrBase: string;
  /** Null for members who may not create links: no "duplicate" form. */
  duplicate: ComponentProps<typeof ActionForm>["action"] | null;
  t: Translator;
  /** The linkDuplicate namespace. */
  td: Translator;
};

/** A link's QR code with its payment address: share it, download the code, or make the same link again. */
export function LinkQrCard({ link, amount, qrBase, duplicate, t, td }: Props) {
  return (
    <section className="dash-card dash-qr" aria-label={t("link.qr")}>
      {/* Drawn on the server from the link's own URL (same route as the download). */}
      <img src={`${qrBase}/qr.svg`} alt={t("link.qrAlt")} width={256} height={256} />
      <div>
        <p>
          <strong>{amount}</strong> · {link.description}
        </p>
        <p>{t("link.paymentUrl")}</p>
        <code className="dash-url">{link.paymentUrl}</code>
        {/* Shared while it can be paid: pending, or failed (its last attempt failed; payable until it expires). */}
        {link.status === "pending" || link.status === "failed" ? (
          <ShareActions
            url={link.paymentUrl}
            subject={link.description}
            text={t("link.shareText", { amount, description: link.description })}
            labels={{ copy: t("link.copy"), copied: t("link.copied"), whatsapp: t("link.whatsapp"), sms: t("link.sms"), email: t("link.email"), shareSheet: t("link.shareSheet") }}
          />
        ) : null}
        <p className="dash-actions dash-no-print">
          <a className="dash-button" href={`${qrBase}/qr.png`} download={`${link.reference}.png`}>
            {t("link.downloadPng")}
          </a>
          <a className="dash-button" href={`${qrBase}/qr.svg`} download={`${link.reference}.svg`}>
            {t("link.downloadSvg")}
          </a>
        </p>
        {duplicate ? (
          <div className="dash-no-print">
            {/* A new link for the next customer: same amount, description and settings. */}
            <p>{td("hint")}</p>
            <ActionForm action={duplicate} submitLabel={td("submit")} pendingLabel={td("submitting")} className="dash-form dash-inline">
              <input type="hidden" name="reference" value={link.reference} />
            </ActionForm>
          </div>
        ) : null}
      </div>
    </section>
  );
}
