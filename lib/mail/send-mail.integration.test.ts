import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { authMail } from "./auth-mails";
import { sendMail } from "./send-mail";

// SMTP_URL set: the mail goes to a real SMTP server (smtp-server, listening locally), not the outbox.
type Received = { from: string; to: string[]; data: string };
const received: Received[] = [];
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on("data", (chunk: Buffer) => chunks.push(chunk));
    stream.on("end", () => {
      received.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "", to: session.envelope.rcptTo.map((r) => r.address), data: Buffer.concat(chunks).toString("utf8") });
      callback();
    });
  },
});
let port = 0;

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("sendMail", () => {
  it("sends over SMTP when SMTP_URL is set, and keeps nothing in the outbox", async () => {
    const mail = authMail("reset", { to: "ana@shop.example", url: "https://pay.example/reset?token=abc", locale: "en" });
    await sendMail(mail, { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: "Payments <noreply@pay.example>" } as unknown as NodeJS.ProcessEnv);
    expect(received).toHaveLength(1);
    expect(received[0].from).toBe("noreply@pay.example");
    expect(received[0].to).toEqual(["ana@shop.example"]);
    expect(received[0].data).toContain("Subject: Reset your password");
    expect(received[0].data).toContain("https://pay.example/reset?token=abc");
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
    await expect(sendMail(mail, { SMTP_URL: "smtp://127.0.0.1:1" } as unknown as NodeJS.ProcessEnv)).rejects.toThrow();
  });
});
