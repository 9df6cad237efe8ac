import { expect } from "vitest";
import { createStaff } from "@/lib/features/staff/create-staff";
import { db } from "@/lib/core/db/client";
import { call } from "./api-client";

export const STAFF_PASSWORD = "a long enough password";

let n = 0;

/** A new staff member, signed in: the session cookie and CSRF token a support-view request carries. */
export async function staffSession(role: "support" | "admin") {
  const email = `${role}-${++n}-${Date.now()}-${Math.random().toString(36).slice(2)}@support.example`;
  const { staff } = await createStaff(db(), { email, role, password: STAFF_PASSWORD });
  const res = await call("POST", "/admin/api/session", { body: { email, password: STAFF_PASSWORD }, headers: { "x-forwarded-for": `203.0.113.${n % 250}` } });
  expect(res.status).toBe(200);
  return { id: staff.id, email, cookie: res.headers.get("set-cookie")!.split(";")[0], csrf: res.body.csrfToken as string };
}

export type StaffSession = Awaited<ReturnType<typeof staffSession>>;
