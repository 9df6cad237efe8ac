import { headers } from "next/headers";
import { staffSessionOf } from "./staff-session";

/** The signed-in staff member of the page being rendered, or null. */
export async function currentStaffSession() {
  return staffSessionOf(await headers());
}
