// The sandbox twin of app/public/gateways/deposit/list/route.ts: the same handlers, which read the environment from the path.
export * from "@/app/public/gateways/deposit/list/route";
