// The sandbox twin of app/public/gateways/withdraw/list/route.ts: the same handlers, which read the environment from the path.
export * from "@/app/public/gateways/withdraw/list/route";
