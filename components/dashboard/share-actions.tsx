"use client";

import { useEffect, useState } from "react";

type Props = {
  url: string;
  /** The message sent with the link ("Please pay 5,000 XOF for Order #42:"). */
  text: string;
  subject: string;
  labels: { copy: string; copied: string; whatsapp: string; sms: string; email: string; shareSheet: string };
};

/**
 * Ways to send the payment link: plain links (WhatsApp, SMS, e-mail) that work without
 * JavaScript, plus copy and the phone's share sheet where the browser has them.
 */
export function ShareActions({ url, text, subject, labels }: Props) {
  const [copied, setCopied] = useState(false);
  const [canShare, setCanShare] = useState(false);
  useEffect(() => setCanShare(typeof navigator !== "undefined" && typeof navigator.share === "function"), []);
  const message = `${text} ${url}`;
  return (
    <div className="dash-share">
      <button type="button" onClick={() => navigator.clipboard.writeText(url).then(() => setCopied(true), () => setCopied(false))}>
        {copied ? labels.copied : labels.copy}
      </button>
      <a href={`https://wa.me/?text=${encodeURIComponent(message)}`} target="_blank" rel="noopener noreferrer">
        {labels.whatsapp}
      </a>
      <a href={`sms:?&body=${encodeURIComponent(message)}`}>{labels.sms}</a>
      <a href={`mailto:?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(message)}`}>{labels.email}</a>
      {canShare ? (
        <button type="button" onClick={() => navigator.share({ title: subject, text, url }).catch(() => {})}>
          {labels.shareSheet}
        </button>
      ) : null}
      <span role="status" className="visually-hidden">
        {copied ? labels.copied : ""}
      </span>
    </div>
  );
}
