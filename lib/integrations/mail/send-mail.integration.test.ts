import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import { appMetrics } from "@/lib/core/metrics/registry";
import { startSmtpFake, type ReceivedMail } from "@/tests/fakes/smtp-fake";
import { authMail } from "./auth-mails";
import { sendMail } from "./send-mail";

// SMTP_URL set: the mail goes to a real SMTP server (smtp-server, listening locally), not the outbox.
const received: ReceivedMail[] = [];
let smtp: Awaited<ReturnType<typeof startSmtpFake>>;

beforeAll(async () => {
  smtp = await startSmtpFake({ onMail: (mail) => received.push(mail) });
});
afterAll(() => smtp.close());

/** Mails counted with `outcome` so far in this process (pcs_message_sends_total). */
const counted = async (outcome: "sent" | "failed") =>
  (await appMetrics().messageSends.get()).values.find((v) => v.labels.channel === "email" && v.labels.outcome === outcome)?.value ?? 0;

describe("sendMail", () => {
  it("sends over SMTP when SMTP_URL is set, and keeps nothing in the outbox", async () => {
    const mail = authMail("reset", { to: "ana@shop.example", url: "https://pay.example/reset?token=abc", locale: "en" });
    await sendMail(mail, { SMTP_URL: smtp.url, MAIL_FROM: "Payments <noreply@pay.example>" } as unknown as NodeJS.ProcessEnv);
    expect(received).toHaveLength(1);
    expect(received[0].from).toBe("noreply@pay.example");
    expect(received[0].to).toEqual(["ana@shop.example"]);
    expect(received[0].raw).toContain("Subject: Reset your password");
    expect(received[0].raw).toContain("https://pay.example/reset?token=abc");
    expect(await db().outboxMail.count({ where: { to: "ana@shop.example" } })).toBe(0);
  });

  it("keeps the mail in the outbox without SMTP_URL", async () => {
    const mail = authMail("verify", { to: "Moussa@Shop.example", url: "https://pay.example/verify?token=x", locale: "fr" });
    await sendMail(mail, {} as unknown as NodeJS.ProcessEnv);
    const kept = await db().outboxMail.findFirstOrThrow({ where: { to: "moussa@shop.example" } });
    expect(kept.subject).toBe("Confirmez votre adresse e-mail");
    expect(kept.text).toContain("https://pay.example/verify?token=x");
  });

  it("fails loudly when the SMTP server is unreachable", async () => {
    const mail = authMail("verify", { to: "x@shop.example", url: "https://pay.example/v", locale: "en" });
    const [sent, failed] = [await counted("sent"), await counted("failed")];
    await expect(sendMail(mail, { SMTP_URL: "smtp://127.0.0.1:1" } as unknown as NodeJS.ProcessEnv)).rejects.toMatchObject({ code: "ESOCKET", message: expect.stringContaining("ECONNREFUSED") });
    // Counted as failed, not sent.
    expect([await counted("sent"), await counted("failed")]).toEqual([sent, failed + 1]);
  });
});
