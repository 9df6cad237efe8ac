import { authSecretProblem } from "@/lib/features/auth/auth-secret";
import { configuredPublicOrigin, PUBLIC_ORIGIN_SETTING } from "@/lib/core/domain/public-base-url";
import { log } from "@/lib/core/logging/log";
import { OUTBOX_PAGE_SETTING } from "@/lib/integrations/mail/outbox";
import { malformedNumberProblems, operatorProblems, smsProblems, type SettingProblem } from "./setting-checks";

// What a production server (server/app-server.cjs, and so `npm start`, the Docker image and
// `npm run check:standalone`) refuses to start without, or with. instrumentation.ts
// runs this in every server process before it serves anything; scripts/start-server.cjs stops
// instead of restarting a worker that exits with REFUSED_SETTINGS_EXIT_CODE.

/** EX_CONFIG of sysexits.h: "configuration error". scripts/start-server.cjs reads the same number. */
export const REFUSED_SETTINGS_EXIT_CODE = 78;

export type { SettingProblem };

/** Each setting a production server cannot run with, and why, in words for the operator. */
export function productionSettingsProblems(env: NodeJS.ProcessEnv = process.env): SettingProblem[] {
  const problems: SettingProblem[] = [];
  if (!configuredPublicOrigin(env)) {
    const value = env[PUBLIC_ORIGIN_SETTING]?.trim();
    problems.push({
      setting: PUBLIC_ORIGIN_SETTING,
      problem:
        `${PUBLIC_ORIGIN_SETTING} ${value ? `is not an http(s) URL (${JSON.stringify(value)})` : "is not set"}: in production every link in an ` +
        `e-mail (password reset, e-mail verification, invitation) is built from this public address only, never from a request's Host. ` +
        `Set it to the site's public origin, e.g. ${PUBLIC_ORIGIN_SETTING}=https://pay.example.com`,
    });
  }
  if (env[OUTBOX_PAGE_SETTING]?.trim()) {
    problems.push({
      setting: OUTBOX_PAGE_SETTING,
      problem:
        `${OUTBOX_PAGE_SETTING} is set: the development outbox (/dev/outbox) shows live password-reset, verification and invitation ` +
        `links to anyone, so it cannot be turned on in production. Unset it, and set SMTP_URL to send account e-mails`,
    });
  }
  const secret = authSecretProblem(env);
  if (secret) problems.push({ setting: "BETTER_AUTH_SECRET", problem: secret });
  return [...problems, ...smsProblems(env), ...operatorProblems(env), ...malformedNumberProblems(env)];
}

/**
 * Settings a production server runs without, but should not (it starts, and says so at start).
 * Without SMTP_URL account e-mails go to the outbox table, which nothing shows in production: no
 * member could reset a password or accept an invitation.
 */
export function productionSettingsWarnings(env: NodeJS.ProcessEnv = process.env): SettingProblem[] {
  if (env.SMTP_URL?.trim()) return [];
  return [{ setting: "SMTP_URL", problem: "SMTP_URL is not set: account e-mails (password reset, e-mail verification, invitation) are kept in the outbox table and reach nobody" }];
}

/**
 * In a production server: prints each warning, and each problem (whatever LOG_LEVEL says: nothing else explains why
 * the server is gone) and exits with REFUSED_SETTINGS_EXIT_CODE before anything is served.
 */
export function refuseBadProductionSettings(env: NodeJS.ProcessEnv = process.env) {
  for (const { setting, problem } of productionSettingsWarnings(env)) log("warn", problem, { setting });
  const problems = productionSettingsProblems(env);
  if (problems.length === 0) return;
  for (const { setting, problem } of problems) {
    console.error(JSON.stringify({ time: new Date().toISOString(), level: "error", msg: `refusing to start: ${problem}`, setting }));
  }
  process.exit(REFUSED_SETTINGS_EXIT_CODE);
}
