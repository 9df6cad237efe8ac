import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

// A mail server for the suites: a real SMTP server (smtp-server, which nodemailer's own tests use)
// on a free port of 127.0.0.1, taking any mail without authentication or TLS, as a relay on the
// local network would. Each message reaches `onMail` as sent (headers and body, undecoded), with
// its envelope. `acceptAfterMs` holds the answer to each message, as a distant server does.

export type ReceivedMail = { from: string; to: string[]; raw: string };

export async function startSmtpFake(options: { onMail?: (mail: ReceivedMail) => void; acceptAfterMs?: number } = {}) {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const { mailFrom, rcptTo } = session.envelope;
        options.onMail?.({ from: mailFrom ? mailFrom.address : "", to: rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString("latin1") });
        setTimeout(callback, options.acceptAfterMs ?? 0);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
