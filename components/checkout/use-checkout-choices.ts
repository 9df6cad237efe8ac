"use client";

import { useEffect, useState } from "react";
import { countryOfPhone } from "@/lib/core/domain/dial-codes";
import { isLocalNumber, localToE164 } from "@/lib/core/domain/phone";
import { readChoicesBeforeHydration } from "./choices-before-hydration";
import type { CheckoutCountryView } from "./checkout-types";

type Initial = {
  countries: CheckoutCountryView[];
  initialCountry: string;
  initialGateway?: string | null;
  initialNational?: string;
  /** Whether the island starts on the first step, the only one whose choices can precede the scripts. */
  startsOnFirstStep: boolean;
};

/**
 * What the customer chose on the way to an attempt: the country, the method (gateway names are per
 * country) and the number typed, with the rules that tie them together.
 */
export function useCheckoutChoices({ countries, initialCountry, initialGateway, initialNational, startsOnFirstStep }: Initial) {
  const [countryCode, setCountryCode] = useState(initialCountry);
  const country = countries.find((c) => c.code === countryCode) ?? countries[0];
  const [gatewayName, setGatewayName] = useState(initialGateway ?? country?.gateways[0]?.name ?? "");
  const gateway = country?.gateways.find((g) => g.name === gatewayName) ?? country?.gateways[0];
  const [national, setNational] = useState(initialNational ?? "");

  // A country or method picked on the server-drawn form before the scripts ran is kept (issue 35):
  // read as hydration starts, applied once mounted. Not rendered, so server and client agree.
  const [choicesBeforeHydration] = useState(readChoicesBeforeHydration);
  useEffect(() => {
    if (!choicesBeforeHydration || !startsOnFirstStep) return;
    // The country is read again now: hydration leaves a select's value alone (a radio's check it
    // does not, hence the first read), so a country picked while the island hydrated counts too.
    // Read at first render only, it was lost, and this effect put the server's country back.
    const code = readChoicesBeforeHydration()?.country ?? choicesBeforeHydration.country;
    const picked = countries.find((c) => c.code === code);
    if (!picked) return;
    const pickedGateway = picked.gateways.find((g) => g.name === choicesBeforeHydration.gateway) ?? (picked.code === countryCode ? null : picked.gateways[0]);
    setCountryCode(picked.code);
    if (pickedGateway) setGatewayName(pickedGateway.name);
    // Once, on mount: later choices are the island's own.
  }, []);

  const digits = national.replace(/\D/g, "");
  // The same rule as the dashboard's phone fields (lib/core/domain/phone.ts).
  const phoneValid = isLocalNumber(digits);
  const phone = localToE164(country?.dialCode ?? "", digits);

  /** The country offering `name`: the one chosen when it does, else the first that does. */
  const countryOf = (name: string) =>
    countries.find((c) => c.code === countryCode && c.gateways.some((g) => g.name === name)) ?? countries.find((c) => c.gateways.some((g) => g.name === name));

  return {
    country,
    gateway,
    national,
    phoneValid,
    /** The number typed, in international form (meaningful when phoneValid). */
    phone,
    countryOf,
    chooseCountry(code: string) {
      const next = countries.find((c) => c.code === code)!;
      setCountryCode(next.code);
      setGatewayName(next.gateways[0].name);
    },
    chooseGateway: setGatewayName,
    /** Picks a method again (a failed or replaced attempt's) with its country; false when none offers it now. */
    chooseGatewayWithCountry(name: string) {
      const home = countryOf(name);
      if (!home) return false;
      setCountryCode(home.code);
      setGatewayName(name);
      return true;
    },
    clearNumber: () => setNational(""),
    /** The number as typed; a full international number pasted in picks its own country. */
    typeNumber(value: string) {
      const pasted = value.startsWith("+") ? countryOfPhone(value) : null;
      const pastedCountry = pasted ? countries.find((c) => c.code === pasted) : undefined;
      if (!pastedCountry) return setNational(value);
      setCountryCode(pastedCountry.code);
      if (!pastedCountry.gateways.some((g) => g.name === gatewayName)) setGatewayName(pastedCountry.gateways[0].name);
      setNational(value.replace(/\D/g, "").slice(pastedCountry.dialCode.length));
    },
  };
}
