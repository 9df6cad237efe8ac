// The internal request header through which proxy.ts tells handlers and pages the environment.
// proxy.ts always overwrites it, so a client can never choose the environment this way.
export const ENVIRONMENT_HEADER = "x-pcs-environment";
