import { toNextJsHandler } from "better-auth/next-js";
import { auth } from "@/lib/auth/auth";
import { withoutSupportSession } from "@/lib/auth/without-support-session";

// The dashboard's accounts (sign-up, sign-in, verification, reset, two-factor, teams): better-auth's
// own endpoints, used by the dashboard pages. Not part of the merchant API, so no sandbox twin.
const handler = async (request: Request) => toNextJsHandler(auth())[request.method as "GET" | "POST"](await withoutSupportSession(request));

export const GET = handler;
export const POST = handler;
