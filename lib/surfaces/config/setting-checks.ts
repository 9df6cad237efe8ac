import { readMtnMomoConfig } from "@/lib/integrations/gateways/mtn-momo/mtn-momo-config";
import { readOrangeMoneyConfig } from "@/lib/integrations/gateways/orange-money/orange-money-config";
import { readWaveConfig } from "@/lib/integrations/gateways/wave/wave-config";
import { smsAvailability } from "@/lib/integrations/sms/sms-settings";

// Settings that are optional but, once given, must be whole: the code that reads them falls back
// to a default or turns a feature off when they are not, which in production means live gateways
// or SMS silently off, or a limit that is not the one asked for. A server refuses to start on
// them instead (lib/surfaces/config/production-settings.ts), each named with what to set.

/** A setting a production server cannot run with, and why, in words for the operator. */
export type SettingProblem = { setting: string; problem: string };

/** Counts, durations and limits: whole non-negative numbers (WEBHOOK_RETRY_SCHEDULE_MS: a comma-separated list of them). */
const NUMBER_SETTING = /(_MS|_SECONDS|_MINUTES|_DAYS|_SIZE|_CONCURRENCY)$|_PER_/;

export function malformedNumberProblems(env: NodeJS.ProcessEnv): SettingProblem[] {
  const whole = (name: string) => (name === "WEBHOOK_RETRY_SCHEDULE_MS" ? /^\d+(,\d+)*$/ : /^\d+$/);
  return Object.entries(env)
    .filter(([name, value]) => NUMBER_SETTING.test(name) && value?.trim() && !whole(name).test(value.trim()))
    .map(([setting, value]) => ({ setting, problem: `${setting} is ${JSON.stringify(value)}: it takes a whole number${setting === "WEBHOOK_RETRY_SCHEDULE_MS" ? " of milliseconds per retry, comma-separated" : ""}, or unset it for the default` }));
}

export function smsProblems(env: NodeJS.ProcessEnv): SettingProblem[] {
  if (!env.SMS_PROVIDER?.trim() || env.SMS_PROVIDER.trim().toLowerCase() === "none") return [];
  const availability = smsAvailability("live", env);
  return availability.provider ? [] : [{ setting: "SMS_PROVIDER", problem: `${availability.why}: set what it names, or SMS_PROVIDER=none` }];
}

/** Each operator whose variables are set but do not make a usable configuration: its live gateways would stay off unsaid. */
const OPERATORS = [
  { name: "MTN MoMo", prefix: "MTN_MOMO_", needs: "MTN_MOMO_BASE_URL, MTN_MOMO_SUBSCRIPTION_KEY, MTN_MOMO_API_USER, MTN_MOMO_API_KEY and MTN_MOMO_TARGET_ENVIRONMENT (or a country's MTN_MOMO_<CC>_...)", usable: mtnUsable },
  { name: "Wave", prefix: "WAVE_", needs: "WAVE_API_KEY (and WAVE_WEBHOOK_STRATEGY, when set, signing_secret or shared_secret; WAVE_API_BASE_URL, when set, an http(s) URL)", usable: (env: NodeJS.ProcessEnv) => readWaveConfig(env) !== null },
  { name: "Orange Money", prefix: "ORANGE_MONEY_", needs: "ORANGE_MONEY_BASE_URL, ORANGE_MONEY_CLIENT_ID, ORANGE_MONEY_CLIENT_SECRET and ORANGE_MONEY_MERCHANT_CODE or ORANGE_MONEY_MERCHANT_MSISDN", usable: (env: NodeJS.ProcessEnv) => readOrangeMoneyConfig(env) !== null },
];

/** MTN is configured per country or by default: every country named by its own variables must be usable, and the defaults if any are set. */
function mtnUsable(env: NodeJS.ProcessEnv): boolean {
  const names = Object.keys(env).filter((name) => name.startsWith("MTN_MOMO_") && env[name]?.trim());
  const countries = new Set(names.map((name) => /^MTN_MOMO_([A-Z]{2})_/.exec(name)?.[1]).filter((cc): cc is string => Boolean(cc)));
  const defaultsSet = names.some((name) => !/^MTN_MOMO_[A-Z]{2}_/.test(name));
  return (!defaultsSet || readMtnMomoConfig(env) !== null) && [...countries].every((cc) => readMtnMomoConfig(env, cc) !== null);
}

export function operatorProblems(env: NodeJS.ProcessEnv): SettingProblem[] {
  return OPERATORS.flatMap(({ name, prefix, needs, usable }) => {
    const set = Object.keys(env).filter((variable) => variable.startsWith(prefix) && env[variable]?.trim());
    if (set.length === 0 || usable(env)) return [];
    return [{ setting: set[0], problem: `${name} is partly configured (${set.join(", ")} set) and its live gateways would stay off: set ${needs}, or none of them` }];
  });
}
