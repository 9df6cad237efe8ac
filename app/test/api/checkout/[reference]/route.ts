// The sandbox twin of app/api/checkout/[reference]/route.ts: the same handlers, which read the environment from the path.
export * from "@/app/api/checkout/[reference]/route";
