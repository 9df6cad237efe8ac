// The sandbox twin of app/api/v4/payments/link/[reference]/send/route.ts: the same handlers, which read the environment from the path.
export * from "@/app/api/v4/payments/link/[reference]/send/route";
