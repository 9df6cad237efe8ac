"use client";

import { createContext, useContext } from "react";

export type StaffInfo = { email: string; role: "support" | "admin"; csrfToken: string };
export const StaffContext = createContext<StaffInfo | null>(null);

export function useStaff(): StaffInfo {
  const staff = useContext(StaffContext);
  if (!staff) throw new Error("useStaff outside the admin console");
  return staff;
}
