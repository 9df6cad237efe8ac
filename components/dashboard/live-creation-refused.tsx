type Props = { heading: string; reason: string; activateLabel: string; testLabel: string; testHref: string; testId: string };

/**
 * In live mode before activation, in place of a form that makes something customers pay (a link,
 * a payment page): nobody could pay it yet, so the reason, the way to activation and the same form
 * in test mode. The form's action refuses it anyway.
 */
export function LiveCreationRefused({ heading, reason, activateLabel, testLabel, testHref, testId }: Props) {
  return (
    <>
      <h1>{heading}</h1>
      <div className="dash-card" data-testid={testId}>
        <p>{reason}</p>
        <p className="dash-actions">
          <a className="dash-button" href="/dashboard/activation">
            {activateLabel}
          </a>
          <a className="dash-button" href={testHref}>
            {testLabel}
          </a>
        </p>
      </div>
    </>
  );
}
