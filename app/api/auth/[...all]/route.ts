import { toNextJsHandler } from "better-auth/next-js";
import { auth } from "@/lib/auth/auth";

// The dashboard's accounts (sign-up, sign-in, verification, reset, two-factor, teams): better-auth's
// own endpoints, used by the dashboard pages. Not part of the merchant API, so no sandbox twin.
const handler = (request: Request) => toNextJsHandler(auth())[request.method as "GET" | "POST"](request);

export const GET = handler;
export const POST = handler;
