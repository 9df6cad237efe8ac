"use client";

import { createContext, useContext } from "react";
import { staffCan, type StaffAction, type StaffRoleName } from "@/lib/features/staff/staff-permissions";

export type StaffInfo = { email: string; role: StaffRoleName; csrfToken: string };
export const StaffContext = createContext<StaffInfo | null>(null);

export function useStaff(): StaffInfo {
  const staff = useContext(StaffContext);
  if (!staff) throw new Error("useStaff outside the support view");
  return staff;
}

/** Whether the signed-in staff member may do `action` (the support view's table): the buttons a page shows follow it. */
export function useStaffCan(action: StaffAction): boolean {
  return staffCan(useStaff().role, action);
}
