import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import { isOutcome } from "@/lib/core/errors/domain-error";
import { CLIENT_ADDRESS_HEADER, clientAddress } from "@/lib/core/request/client-address";
import { limitFromEnv, limitHeaders } from "@/lib/core/limits/rate-limit";
import { knownDevice, knownDeviceCookie } from "./known-device";
import { chargeAccountMail, chargePasswordRecheck, chargeSignInAccount, chargeSignInAddress, chargeSignUp, signInSucceeded } from "./sign-in-limits";

// better-auth runs a plugin's hooks for its HTTP routes (/api/auth/*) and for every `auth.api.*`
// call alike (its dispatchAuthEndpoint), which is how the dashboard's forms call it: the hooks
// are the one place both ways in pass, so a new form cannot forget the limits. (Not its
// `rateLimit.customRules`: its limiter runs on HTTP requests only, one window per address and
// path, with no count per account and nothing a right password clears. Its rules for the paths
// limited here are turned off in lib/features/auth/auth.ts, so each guess is counted once, here.)

const SIGN_IN = "/sign-in/email";
const SIGN_UP = "/sign-up/email";
const RESET_MAIL = "/request-password-reset";
const VERIFICATION_MAIL = "/send-verification-email";
/** The paths these limits cover; better-auth's own limiter leaves them alone. */
export const LIMITED_PATHS = [SIGN_IN, SIGN_UP, RESET_MAIL, VERIFICATION_MAIL] as const;
const limited = new Set<string>(LIMITED_PATHS);

/**
 * Sign-up and a reset request answer no sooner than this after they arrive, whether or not an
 * account uses the e-mail: a new account's rows and merchant, or an existing account's reset
 * token, take time the other case does not spend (the mails themselves leave off the request's
 * path: lib/features/auth/auth.ts). better-auth does the same for its verification mails (500 ms).
 */
const answerFloorMs = () => limitFromEnv("AUTH_MIN_ANSWER_MS", 500);
const PADDED = new Set<string>([SIGN_UP, RESET_MAIL]);

/**
 * Any other endpoint that checks a signed-in user's password (turning two-factor sign-in on or
 * off, changing the password...): a stolen session guessing the password to take the account over
 * is guessing at a way in, so it meets the account's delay too. Told by the body it takes, so an
 * endpoint better-auth adds later is covered; a reset, which takes a mailed token, is not one.
 */
const checksSessionPassword = (ctx: { path?: string; body?: unknown }) => {
  if (limited.has(ctx.path ?? "")) return false;
  const body = ctx.body as { password?: unknown; currentPassword?: unknown } | undefined;
  return typeof body?.password === "string" || typeof body?.currentPassword === "string";
};

type Ctx = { path?: string; headers?: Headers; body?: unknown; context: object & { returned?: unknown } };

const addressOf = (ctx: Ctx) => clientAddress(ctx.headers ?? new Headers());
const emailOf = (ctx: Ctx) => {
  const email = (ctx.body as { email?: unknown } | undefined)?.email;
  return typeof email === "string" ? email : undefined;
};
/** The known device (lib/features/auth/known-device.ts) the caller's cookies prove for the account of `email`. */
const deviceOf = (ctx: Ctx, email: string | undefined) => (email === undefined ? undefined : knownDevice(ctx.headers?.get("cookie"), email));

/** Our 429 in better-auth's shape (its own limiter's code and message), with how long to wait. */
function asBetterAuthRefusal(error: unknown): unknown {
  if (!isOutcome(error, "limited")) return error;
  const wait = String(error.retryAfterSeconds ?? 1);
  const headers = { "retry-after": wait, ...(error.rateLimit ? limitHeaders(error.rateLimit) : {}), "x-retry-after": wait };
  return new APIError("TOO_MANY_REQUESTS", { code: "TOO_MANY_REQUESTS", message: "Too many requests. Please try again later." }, headers);
}

/**
 * Whether a sign-in's answer proves the password right: anything but a refusal, or the refusal of
 * an unverified e-mail, which better-auth gives only after checking the password. (Errors are
 * told by shape: better-auth's error class may come in more than one copy in a bundle.)
 */
function passwordWasRight(returned: unknown) {
  if (!(returned instanceof Error)) return returned !== undefined;
  return (returned as { body?: { code?: string } }).body?.code === "EMAIL_NOT_VERIFIED";
}

async function charge(ctx: Ctx) {
  const address = addressOf(ctx);
  const email = emailOf(ctx);
  switch (ctx.path) {
    case SIGN_IN:
      await chargeSignInAddress(address);
      if (email !== undefined) await chargeSignInAccount(email, deviceOf(ctx, email), address);
      return;
    case SIGN_UP:
      await chargeSignUp(address);
      return;
    case RESET_MAIL:
    case VERIFICATION_MAIL:
      await chargeAccountMail({ address, email, kind: ctx.path === RESET_MAIL ? "reset" : "verify" });
  }
}

/** The e-mail of the session whose password an endpoint checks (checksSessionPassword), if signed in. */
async function sessionEmail(ctx: Parameters<Parameters<typeof createAuthMiddleware>[0]>[0]) {
  return (await getSessionFromCtx(ctx).catch(() => null))?.user.email;
}

/** When each padded call arrived, by its call's own context object (one per dispatch, shared by its hooks). */
const arrivedAt = new WeakMap<object, number>();

/**
 * On every call, better-auth sees the client by the service's rule (lib/core/request/client-address.ts),
 * whatever headers the caller passed (a server action passes the browser's own), for the address
 * it records with a session. (Its limiter reads the header before any hook: the route sets it.)
 */
export function clientAddressHeader() {
  return {
    id: "client-address",
    hooks: {
      before: [
        {
          matcher: () => true,
          handler: createAuthMiddleware(async (ctx) => {
            if (ctx.headers) return { context: { headers: new Headers({ [CLIENT_ADDRESS_HEADER]: addressOf(ctx) }) } };
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}

/** The limits of lib/features/auth/sign-in-limits.ts on better-auth's sign-in, sign-up and account-mail endpoints, and on its checks of a signed-in user's password. */
export function signInLimits() {
  return {
    id: "sign-in-limits",
    hooks: {
      before: [
        {
          matcher: (ctx: { path?: string }) => limited.has(ctx.path ?? ""),
          handler: createAuthMiddleware(async (ctx) => {
            arrivedAt.set(ctx.context, performance.now());
            try {
              await charge(ctx);
            } catch (error) {
              throw asBetterAuthRefusal(error);
            }
          }),
        },
        {
          matcher: checksSessionPassword,
          handler: createAuthMiddleware(async (ctx) => {
            const email = await sessionEmail(ctx);
            if (email === undefined) return; // better-auth refuses it: no session
            try {
              await chargePasswordRecheck({ address: addressOf(ctx), email, device: deviceOf(ctx, email) });
            } catch (error) {
              throw asBetterAuthRefusal(error);
            }
          }),
        },
      ],
      after: [
        {
          matcher: (ctx: { path?: string; body?: unknown }) => limited.has(ctx.path ?? "") || checksSessionPassword(ctx),
          handler: createAuthMiddleware(async (ctx) => {
            const email = emailOf(ctx);
            if (ctx.path === SIGN_IN && passwordWasRight(ctx.context.returned)) {
              await signInSucceeded({ address: addressOf(ctx), email, device: deviceOf(ctx, email) });
              // The browser is now known for this account: a stranger's guessing cannot keep it out.
              if (email !== undefined) {
                const cookie = knownDeviceCookie(email);
                ctx.setCookie(cookie.name, cookie.value, cookie.options);
              }
            }
            if (checksSessionPassword(ctx) && !(ctx.context.returned instanceof Error)) {
              const email = await sessionEmail(ctx);
              if (email !== undefined) await signInSucceeded({ address: addressOf(ctx), email, device: deviceOf(ctx, email) });
              // A new password ends every known device (known-device.ts), this browser's too: it is known again.
              if (email !== undefined && ctx.path === "/change-password") {
                const cookie = knownDeviceCookie(email);
                ctx.setCookie(cookie.name, cookie.value, cookie.options);
              }
            }
            const arrived = arrivedAt.get(ctx.context);
            if (PADDED.has(ctx.path) && arrived !== undefined) {
              const rest = answerFloorMs() - (performance.now() - arrived);
              if (rest > 0) await new Promise((resolve) => setTimeout(resolve, rest));
            }
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
