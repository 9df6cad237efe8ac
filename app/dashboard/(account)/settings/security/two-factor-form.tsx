"use client";

import { useActionState } from "react";
import { twoFactorAction, type TwoFactorState } from "./actions";

export type TwoFactorLabels = Record<
  "on" | "off" | "passwordToConfirm" | "enable" | "scan" | "secretKey" | "code" | "confirm" | "backupCodes" | "disable" | "enabled" | "disabled" | "invalidCredentials" | "invalidCode" | "tooMany" | "generic",
  string
>;

/** Turn TOTP on (password -> QR code and backup codes -> a code from the app) or off (password). */
export function TwoFactorForm({ enabled, labels }: { enabled: boolean; labels: TwoFactorLabels }) {
  const [state, action, pending] = useActionState<TwoFactorState, FormData>(twoFactorAction, { stage: "idle" });
  const error = state.stage !== "done" && state.error ? labels[state.error] : null;
  const isOn = state.stage === "done" ? state.enabled : enabled;

  if (state.stage === "scan") {
    return (
      <form action={action} className="auth-form">
        <input type="hidden" name="intent" value="confirm" />
        <p>{labels.scan}</p>
        {/* SVG from the qrcode library, built on the server from better-auth's otpauth URI. */}
        <div className="auth-qr" role="img" aria-label="QR code" dangerouslySetInnerHTML={{ __html: state.qrSvg }} />
        <p className="auth-hint">
          {labels.secretKey} <span className="auth-secret" data-testid="totp-secret">{state.secret}</span>
        </p>
        <p className="auth-hint">{labels.backupCodes}</p>
        <ul className="auth-codes">
          {state.backupCodes.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </ul>
        <label htmlFor="code">{labels.code}</label>
        <input id="code" name="code" inputMode="numeric" autoComplete="one-time-code" pattern="[0-9 ]{6,7}" maxLength={7} required />
        {error && (
          <p role="alert" className="auth-error">
            {error}
          </p>
        )}
        <button type="submit" disabled={pending}>
          {labels.confirm}
        </button>
      </form>
    );
  }

  return (
    <form action={action} className="auth-form">
      <input type="hidden" name="intent" value={isOn ? "disable" : "enable"} />
      <p role="status">{state.stage === "done" ? (state.enabled ? labels.enabled : labels.disabled) : isOn ? labels.on : labels.off}</p>
      <label htmlFor="password">{labels.passwordToConfirm}</label>
      <input id="password" name="password" type="password" autoComplete="current-password" required />
      {error && (
        <p role="alert" className="auth-error">
          {error}
        </p>
      )}
      <button type="submit" disabled={pending}>
        {isOn ? labels.disable : labels.enable}
      </button>
    </form>
  );
}
