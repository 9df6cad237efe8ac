// The sandbox twin of app/api/v4/payments/link/[reference]/sends/route.ts: the same handlers, which read the environment from the path.
export * from "@/app/api/v4/payments/link/[reference]/sends/route";
