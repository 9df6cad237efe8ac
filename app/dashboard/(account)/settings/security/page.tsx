import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { db } from "@/lib/db/client";
import { requirePageMember } from "@/lib/dashboard/require-member";
import { AuthHeader } from "../../../(auth)/auth-header";
import { TwoFactorForm } from "./two-factor-form";

export const metadata = { title: "Security" };

export default async function SecurityPage() {
  const { member } = await requirePageMember("/dashboard/settings/security");
  const t = await getTranslations("auth");
  const user = await db().user.findUniqueOrThrow({ where: { id: member.userId }, select: { twoFactorEnabled: true } });
  const keys = ["on", "off", "passwordToConfirm", "enable", "scan", "secretKey", "confirm", "backupCodes", "disable", "enabled", "disabled"] as const;
  const labels = {
    ...Object.fromEntries(keys.map((key) => [key, t(`security.${key}`)])),
    code: t("fields.code"),
    invalidCredentials: t("errors.invalidCredentials"),
    invalidCode: t("errors.invalidCode"),
    tooMany: t("errors.tooMany"),
    generic: t("errors.generic"),
  } as Parameters<typeof TwoFactorForm>[0]["labels"];
  return (
    <>
      <AuthHeader title={t("security.title")} redirect="/dashboard/settings/security" />
      <h2>{t("security.twoFactor")}</h2>
      <TwoFactorForm enabled={user.twoFactorEnabled === true} labels={labels} />
      <p className="auth-links">
        <Link href="/dashboard">{t("home.title")}</Link>
      </p>
    </>
  );
}
