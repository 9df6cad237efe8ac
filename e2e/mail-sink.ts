import fs from "node:fs";
import { startSmtpFake } from "../tests/fakes/smtp-fake";

// The e2e server's mail server. A production server never shows the development outbox
// (lib/integrations/mail/outbox.ts), so the e2e server sends its account mails over SMTP (SMTP_URL) to this
// one, started by e2e/serve.ts, which keeps each as a JSON line of `file` for the specs to read
// (e2e/dashboard-helpers.ts, mailLink). Only what the specs need is decoded: the recipient, the
// subject and the plain-text part, in the encodings nodemailer writes (RFC 2047 words,
// quoted-printable or base64 parts).

export type SunkMail = { to: string; subject: string; text: string };

const decodeBytes = (encoding: string, data: string) =>
  /^b$|^base64$/i.test(encoding)
    ? Buffer.from(data.replace(/\s+/g, ""), "base64")
    : Buffer.from(data.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))), "latin1");

/** "=?UTF-8?Q?R=C3=A9initialisez_votre?=" and the like, as text. */
const decodeWords = (value: string) =>
  value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=/gi, (_, _charset: string, encoding: string, data: string) =>
      decodeBytes(encoding, encoding.toUpperCase() === "Q" ? data.replace(/_/g, " ") : data).toString("utf8"),
    );

/** A header's value in a block of headers (folded lines joined). */
const header = (headers: string, name: string) => new RegExp(`^${name}:[ \\t]*(.*(?:\\r?\\n[ \\t].*)*)`, "im").exec(headers)?.[1].replace(/\r?\n[ \t]+/g, " ") ?? "";

function plainText(raw: string): string {
  const parts = raw.split(/\r?\n--[^\r\n]+\r?\n/);
  for (const part of parts.length > 1 ? parts : [raw]) {
    const split = part.search(/\r?\n\r?\n/);
    if (split < 0 || !/^text\/plain/i.test(header(part.slice(0, split), "Content-Type"))) continue;
    const body = part.slice(split).replace(/^\r?\n\r?\n/, "");
    return decodeBytes(header(part.slice(0, split), "Content-Transfer-Encoding") || "7bit", body).toString("utf8");
  }
  return "";
}

/** Listens on a free port of 127.0.0.1; every mail received is appended to `file`. */
export function startMailSink(file: string) {
  return startSmtpFake({
    onMail({ to, raw }) {
      const headers = raw.slice(0, raw.search(/\r?\n\r?\n/));
      const mail: SunkMail = { to: to.map((address) => address.toLowerCase()).join(","), subject: decodeWords(header(headers, "Subject")), text: plainText(raw) };
      fs.appendFileSync(file, `${JSON.stringify(mail)}\n`);
    },
  });
}

/** The mails kept in `file`, oldest first. */
export function sunkMails(file: string): SunkMail[] {
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as SunkMail);
}
