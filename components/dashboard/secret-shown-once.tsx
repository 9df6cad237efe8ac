"use client";

import { useState } from "react";

export type SecretLabels = {
  /** What it is ("Your webhook signing secret"). */
  title: string;
  /** That it will not be shown again, and where to keep it. */
  warning: string;
  copy: string;
  copied: string;
};

/**
 * A secret the server gave once (an API key, the webhook signing secret): shown in full with a
 * copy button and the warning that it will not be shown again (only its hash, or nothing the
 * dashboard shows, is kept).
 */
export function SecretShownOnce({ secret, labels, testId = "shown-once" }: { secret: string; labels: SecretLabels; testId?: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="dash-secret">
      <p className="dash-secret-title">{labels.title}</p>
      <code data-testid={testId}>{secret}</code>
      <p className="dash-hint">{labels.warning}</p>
      <button type="button" onClick={() => navigator.clipboard.writeText(secret).then(() => setCopied(true), () => setCopied(false))}>
        {copied ? labels.copied : labels.copy}
      </button>
      <span role="status" className="visually-hidden">
        {copied ? labels.copied : ""}
      </span>
    </div>
  );
}
