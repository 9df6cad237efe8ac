import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { listOutbox, outboxPageEnabled } from "@/lib/integrations/mail/outbox";

export const metadata = { title: "Outbox", robots: { index: false } };
export const dynamic = "force-dynamic";

// The mails kept instead of sent (no SMTP_URL): verification, reset and invitation links for
// development and tests. Never in production (404 whatever the settings): the links sign people in.
export default async function OutboxPage({ searchParams }: { searchParams: Promise<{ to?: string }> }) {
  if (!outboxPageEnabled()) notFound();
  const t = await getTranslations("auth.outbox");
  const { to } = await searchParams;
  const mails = await listOutbox({ to });
  return (
    <main style={{ maxWidth: "48rem", margin: "2rem auto", padding: "0 1rem" }}>
      <h1>{t("title")}</h1>
      <p>{t("intro")}</p>
      {mails.length === 0 && <p>{t("empty")}</p>}
      {mails.map((mail) => {
        const link = /https?:\/\/\S+/.exec(mail.text)?.[0];
        return (
          <article key={mail.id} style={{ borderTop: "1px solid #e5e7eb", padding: "0.75rem 0" }}>
            <h2 style={{ fontSize: "1rem", margin: 0 }}>{mail.subject}</h2>
            <p style={{ margin: "0.25rem 0", fontSize: "0.875rem" }}>
              {t("to")}: {mail.to} · <time dateTime={mail.createdAt.toISOString()}>{mail.createdAt.toISOString().slice(0, 19).replace("T", " ")}</time>
            </p>
            <pre style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere", fontSize: "0.875rem" }}>{mail.text}</pre>
            {link && <a href={link}>{t("open")}</a>}
          </article>
        );
      })}
    </main>
  );
}
