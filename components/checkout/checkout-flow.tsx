"use client";

import { QueryClient, QueryClientProvider, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState, type FormEvent } from "react";
import type { CheckoutState } from "@/lib/checkout/checkout-state";
import { countryOfPhone } from "@/lib/domain/dial-codes";
import { checkoutApi, CheckoutError, checkoutQueryKey } from "./checkout-api";
import { FinalScreen } from "./final-screen";
import { PaymentInProgress } from "./payment-in-progress";

export type CheckoutGatewayView = { name: string; provider: string; type: string; feesLabel: string; totalLabel: string };
export type CheckoutCountryView = { code: string; name: string; dialCode: string; gateways: CheckoutGatewayView[] };

type Props = {
  reference: string;
  apiBase: string;
  merchant: string;
  amountLabel: string;
  countries: CheckoutCountryView[];
  initialCountry: string;
  initialState: CheckoutState;
  expiresAt: string;
};

type Step = "gateway" | "phone" | "attempt";

export function CheckoutFlow(props: Props) {
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: 2, refetchOnWindowFocus: true } } }));
  return (
    <QueryClientProvider client={client}>
      <Flow {...props} />
    </QueryClientProvider>
  );
}

/** Polls while the operator has not answered, slowing down from 1 s to 5 s to spare slow networks. */
function pollInterval(state: CheckoutState | undefined, updates: number): number | false {
  if (!state || state.status !== "pending" || state.attempt?.status !== "pending" || state.attempt.paymentType === "OTP") return false;
  return Math.min(1000 * 1.3 ** updates, 5000);
}

function errorKey(error: unknown): string {
  const code = error instanceof CheckoutError ? error.code : "network";
  const keys: Record<string, string> = {
    network: "network", 40019: "wrongCode", 40007: "codeExpired", 40014: "invalidPhone", 40020: "linkClosed", 42900: "tooMany",
    paymentInProgress: "paymentInProgress",
  };
  return keys[String(code)] ?? "generic";
}

function Flow({ reference, apiBase, merchant, amountLabel, countries, initialCountry, initialState, expiresAt }: Props) {
  const t = useTranslations("checkout");
  const api = checkoutApi(apiBase);
  const queryClient = useQueryClient();
  const { data: state, isFetching } = useQuery({
    queryKey: checkoutQueryKey(reference),
    queryFn: api.state,
    initialData: initialState,
    // The server rendered this state a moment ago; but it cannot see the checkout cookie (scoped
    // to the API), so a live attempt may be this customer's own: ask the API, which can.
    refetchOnMount: initialState.paymentInProgress ? "always" : false,
    refetchInterval: (query) => pollInterval(query.state.data, query.state.dataUpdateCount),
  });
  const attempt = state.attempt;
  const [step, setStep] = useState<Step>(attempt?.status === "pending" || initialState.paymentInProgress ? "attempt" : "gateway");
  const [countryCode, setCountryCode] = useState(initialCountry);
  const country = countries.find((c) => c.code === countryCode) ?? countries[0];
  const [gatewayName, setGatewayName] = useState(country?.gateways[0]?.name ?? "");
  const gateway = country?.gateways.find((g) => g.name === gatewayName) ?? country?.gateways[0];
  const [national, setNational] = useState("");
  const [error, setError] = useState<{ key: string; count?: number } | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  const digits = national.replace(/\D/g, "");
  const phoneValid = digits.length >= 8 && digits.length <= 12;
  const phone = `+${country?.dialCode}${digits}`;

  const apply = (next: CheckoutState) => queryClient.setQueryData(checkoutQueryKey(reference), next);
  // A refetch already in flight (a poll, the window regaining focus) would answer with the state
  // from before the mutation, after it, and undo it: cancel it first.
  const cancelRefetch = () => queryClient.cancelQueries({ queryKey: checkoutQueryKey(reference) });
  // A new code needs the phone number; after a reload the page no longer knows it, so ask again.
  const newCode = () => (phoneValid ? start.mutate() : setStep("phone"));
  const start = useMutation({
    onMutate: cancelRefetch,
    mutationFn: () => api.start({ gatewayName: gateway!.name, country: country!.code, customerPhone: phone }),
    onSuccess: (next) => {
      setError(null);
      apply(next);
      setStep("attempt");
      if (next.attempt?.paymentType === "REDIRECT" && next.attempt.url) window.location.assign(next.attempt.url);
    },
    onError: (e) => setError({ key: errorKey(e) }),
  });
  const confirm = useMutation({
    onMutate: cancelRefetch,
    mutationFn: (otp: string) => api.confirmOtp(otp),
    onSuccess: (next) => {
      setError(null);
      apply(next);
    },
    onError: async (e) => {
      const fresh = await api.state().catch(() => null);
      if (fresh) apply(fresh);
      setError({ key: errorKey(e), count: fresh?.attempt?.triesLeft ?? undefined });
    },
  });

  // Move focus to each new step's heading, so screen readers announce where the customer is.
  useEffect(() => heading.current?.focus(), [step, state.status, attempt?.status, attempt?.paymentType]);

  // A link left open on the screen turns to "expired" when its time comes, without a reload.
  useEffect(() => {
    const wait = Date.parse(expiresAt) - Date.now();
    const timer = setTimeout(() => queryClient.invalidateQueries({ queryKey: checkoutQueryKey(reference) }), Math.max(0, wait) + 500);
    return () => clearTimeout(timer);
  }, [expiresAt, queryClient, reference]);

  if (state.status !== "pending") {
    return (
      <FinalScreen state={state} merchant={merchant} amount={amountLabel} />
    );
  }

  if (state.paymentInProgress) {
    const checkAgain = () => queryClient.invalidateQueries({ queryKey: checkoutQueryKey(reference) });
    return <PaymentInProgress onCheckAgain={checkAgain} checking={isFetching} />;
  }

  const errorText = error ? (error.key === "wrongCode" ? t("errors.wrongCode", { count: error.count ?? 0 }) : t(`errors.${error.key}`)) : "";
  const alert = (
    <p role="alert" aria-live="assertive" className="error">
      {errorText}
    </p>
  );
  const attemptGateway = countries.flatMap((c) => c.gateways).find((g) => g.name === attempt?.gatewayName);

  if (step === "attempt" && attempt) {
    const restart = () => {
      setError(null);
      setStep("gateway");
    };
    if (attempt.status === "expired") {
      return (
        <section aria-labelledby="step-title">
          <h2 id="step-title" ref={heading} tabIndex={-1}>
            {attempt.paymentType === "OTP" ? t("errors.codeExpired") : t("errors.attemptExpired")}
          </h2>
          {attempt.paymentType === "OTP" && (
            <button className="button" onClick={newCode} disabled={start.isPending}>
              {t("newCode")}
            </button>
          )}
          <button className="link-button" onClick={restart}>
            {t("changeMethod")}
          </button>
          {alert}
        </section>
      );
    }
    if (attempt.paymentType === "OTP") {
      const submit = (event: FormEvent<HTMLFormElement>) => {
        event.preventDefault();
        const otp = String(new FormData(event.currentTarget).get("otp") ?? "").trim();
        confirm.mutate(otp);
      };
      return (
        <form onSubmit={submit} aria-labelledby="step-title">
          <h2 id="step-title" ref={heading} tabIndex={-1}>
            {t("steps.otp")}
          </h2>
          <p id="otp-hint">{t("otpHint", { phone: digits ? phone : t("phoneLabel") })}</p>
          <label htmlFor="otp">{t("otpLabel")}</label>
          <input
            id="otp"
            name="otp"
            autoComplete="one-time-code"
            inputMode="numeric"
            pattern="[0-9]*"
            maxLength={8}
            required
            aria-describedby="otp-hint otp-tries"
            className="otp-input"
          />
          <p id="otp-tries">{t("triesLeft", { count: attempt.triesLeft ?? 0 })}</p>
          <button className="button" type="submit" disabled={confirm.isPending}>
            {confirm.isPending ? t("paying") : t("otpSubmit")}
          </button>
          {alert}
          {error?.key === "codeExpired" && (
            <button type="button" className="link-button" onClick={newCode}>
              {t("newCode")}
            </button>
          )}
        </form>
      );
    }
    if (attempt.paymentType === "REDIRECT") {
      return (
        <section aria-labelledby="step-title">
          <h2 id="step-title" ref={heading} tabIndex={-1}>
            {t("steps.redirect")}
          </h2>
          <p>{t("redirectBody", { provider: attemptGateway?.provider ?? attempt.gatewayName })}</p>
          {attempt.url && (
            <a className="button" href={attempt.url}>
              {t("redirectButton", { provider: attemptGateway?.provider ?? attempt.gatewayName })}
            </a>
          )}
          {alert}
        </section>
      );
    }
    return (
      <section aria-labelledby="step-title">
        <h2 id="step-title" ref={heading} tabIndex={-1}>
          {t("steps.direct")}
        </h2>
        <p>{t("directBody", { phone: digits ? phone : "", provider: attemptGateway?.provider ?? attempt.gatewayName })}</p>
        <p role="status" aria-live="polite" className="waiting">
          <span className="spinner" aria-hidden="true" /> {t("waiting")}
        </p>
        {alert}
      </section>
    );
  }

  if (step === "phone" && gateway) {
    const submit = (event: FormEvent) => {
      event.preventDefault();
      if (phoneValid) start.mutate();
    };
    return (
      <form onSubmit={submit} aria-labelledby="step-title" noValidate>
        <h2 id="step-title" ref={heading} tabIndex={-1}>
          {t("steps.phone")}
        </h2>
        <dl className="summary">
          <dt>{t("fees")}</dt>
          <dd>{gateway.feesLabel}</dd>
          <dt>{t("total")}</dt>
          <dd>{gateway.totalLabel}</dd>
        </dl>
        <label htmlFor="phone">{t("phoneLabel")}</label>
        <div className="phone-field">
          <span aria-hidden="true">+{country.dialCode}</span>
          <input
            id="phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            value={national}
            onChange={(e) => {
              const value = e.target.value;
              // A full international number pasted in picks its own country.
              const pasted = value.startsWith("+") ? countryOfPhone(value) : null;
              if (pasted && countries.some((c) => c.code === pasted)) {
                const c = countries.find((x) => x.code === pasted)!;
                setCountryCode(pasted);
                if (!c.gateways.some((g) => g.name === gatewayName)) setGatewayName(c.gateways[0].name);
                setNational(value.replace(/\D/g, "").slice(c.dialCode.length));
              } else {
                setNational(value);
              }
            }}
            aria-invalid={national !== "" && !phoneValid}
            aria-describedby="phone-hint phone-error"
            required
          />
        </div>
        <p id="phone-hint" className="hint">
          {t("phoneHint", { provider: gateway.provider })}
        </p>
        <p id="phone-error" className="field-error" aria-live="polite">
          {national !== "" && !phoneValid ? t("phoneInvalid", { dialCode: country.dialCode }) : ""}
        </p>
        <button className="button" type="submit" disabled={!phoneValid || start.isPending}>
          {start.isPending ? t("paying") : t("pay", { total: gateway.totalLabel })}
        </button>
        <button type="button" className="link-button" onClick={() => setStep("gateway")}>
          {t("back")}
        </button>
        {alert}
      </form>
    );
  }

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        setStep("phone");
      }}
      aria-labelledby="step-title"
    >
      <h2 id="step-title" ref={heading} tabIndex={-1}>
        {t("steps.gateway")}
      </h2>
      {countries.length > 1 && (
        <>
          <label htmlFor="country">{t("country")}</label>
          <select
            id="country"
            value={country.code}
            onChange={(e) => {
              const next = countries.find((c) => c.code === e.target.value)!;
              setCountryCode(next.code);
              setGatewayName(next.gateways[0].name);
            }}
          >
            {countries.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
              </option>
            ))}
          </select>
        </>
      )}
      <fieldset className="gateways">
        <legend className="visually-hidden">{t("steps.gateway")}</legend>
        {country.gateways.map((g) => (
          <label key={g.name} className="gateway">
            <input type="radio" name="gateway" value={g.name} checked={gateway?.name === g.name} onChange={() => setGatewayName(g.name)} />
            <span>
              <strong>{g.provider}</strong>
              <small>{t("gatewayFees", { fees: g.feesLabel, total: g.totalLabel })}</small>
            </span>
          </label>
        ))}
      </fieldset>
      <button className="button" type="submit">
        {t("continue")}
      </button>
      {alert}
    </form>
  );
}
