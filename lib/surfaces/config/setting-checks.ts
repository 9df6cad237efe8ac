import { OPERATOR_PLUGINS } from "@/lib/integrations/gateways/operators/registry";
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

/** Each operator whose variables are set but do not make a usable configuration (its plug-in's settings): its live gateways would stay off unsaid. */
export function operatorProblems(env: NodeJS.ProcessEnv): SettingProblem[] {
  return OPERATOR_PLUGINS.flatMap(({ name, settings: { prefix, needs, usable } }) => {
    const set = Object.keys(env).filter((variable) => variable.startsWith(prefix) && env[variable]?.trim());
    if (set.length === 0 || usable(env)) return [];
    return [{ setting: set[0], problem: `${name} is partly configured (${set.join(", ")} set) and its live gateways would stay off: set ${needs}, or none of them` }];
  });
}
