import type { CheckoutAttempt } from "@/lib/features/checkout/checkout-state";
import { AttemptExpiredScreen } from "./attempt-expired-screen";
import type { HeadingRef } from "./checkout-types";
import { DirectScreen } from "./direct-screen";
import type { CheckoutErrorView } from "./error-alert";
import { OtpScreen } from "./otp-screen";
import { RedirectScreen } from "./redirect-screen";

type Props = {
  attempt: CheckoutAttempt;
  provider: string;
  /** The attempt's number, when this page knows it (typed here, or known to the server). */
  phone: string | null;
  onConfirm: (otp: string) => void;
  onNewCode: () => void;
  onChangeNumber: () => void;
  onChangeMethod: () => void;
  /** Asks the operator's answer now (a DIRECT attempt). */
  onCheck: () => void;
  starting: boolean;
  confirming: boolean;
  checking: boolean;
  error: CheckoutErrorView;
  headingRef: HeadingRef;
};

/** The attempt under way (or just expired): its operator's own step. */
export function AttemptScreen({ attempt, provider, phone, onConfirm, onNewCode, onChangeNumber, onChangeMethod, onCheck, starting, confirming, checking, error, headingRef }: Props) {
  if (attempt.status === "expired") {
    return (
      <AttemptExpiredScreen
        otp={attempt.paymentType === "OTP"}
        onNewCode={onNewCode}
        onChangeMethod={onChangeMethod}
        starting={starting}
        error={error}
        headingRef={headingRef}
      />
    );
  }
  if (attempt.paymentType === "OTP") {
    return (
      <OtpScreen
        phone={phone}
        triesLeft={attempt.triesLeft ?? 0}
        customerGenerated={attempt.codeFrom === "customer"}
        provider={provider}
        onConfirm={onConfirm}
        onNewCode={onNewCode}
        onChangeNumber={onChangeNumber}
        onChangeMethod={onChangeMethod}
        confirming={confirming}
        error={error}
        headingRef={headingRef}
      />
    );
  }
  if (attempt.paymentType === "REDIRECT") {
    return <RedirectScreen url={attempt.url} provider={provider} lastTryFailure={attempt.lastTryFailure} error={error} headingRef={headingRef} />;
  }
  return <DirectScreen phone={phone ?? ""} provider={provider} error={error} headingRef={headingRef} onCheck={onCheck} checking={checking} onChangeNumber={onChangeNumber} onChangeMethod={onChangeMethod} />;
}
