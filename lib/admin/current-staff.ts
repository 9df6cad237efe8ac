import { cookies } from "next/headers";
import { db } from "@/lib/db/client";
import { findSession, SESSION_COOKIE } from "./sessions";

/** The signed-in staff member of the page being rendered, or null. */
export async function currentStaffSession() {
  return findSession(db(), (await cookies()).get(SESSION_COOKIE)?.value);
}
