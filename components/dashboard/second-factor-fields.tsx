type Labels = { code: string; lostPhone: string; backupCode: string };

/**
 * A second factor's fields: the app's 6-digit code on a phone's number pad, and, folded away, a
 * backup code (letters and digits) for a member without their phone. Neither is `required`: one of
 * the two is, which the server checks (lib/surfaces/dashboard/second-factor-form.ts). Works without JavaScript (<details>).
 */
export function SecondFactorFields({ labels, autoFocus = false }: { labels: Labels; autoFocus?: boolean }) {
  return (
    <>
      <label htmlFor="code">{labels.code}</label>
      <input id="code" name="code" inputMode="numeric" autoComplete="one-time-code" pattern="[0-9 ]{6,7}" maxLength={7} autoFocus={autoFocus} />
      <details className="second-factor-backup">
        <summary>{labels.lostPhone}</summary>
        <label htmlFor="backupCode">{labels.backupCode}</label>
        <input id="backupCode" name="backupCode" autoComplete="off" autoCapitalize="off" spellCheck={false} pattern="\s*[A-Za-z0-9]{5}-[A-Za-z0-9]{5}\s*" maxLength={13} />
      </details>
    </>
  );
}
