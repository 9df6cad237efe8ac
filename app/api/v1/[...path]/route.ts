// The first API version is retired: 410 pointing integrators to /api/v4.
import { staticErrorRoute } from "@/lib/http/api-route";

export const { GET, POST, PUT, PATCH, DELETE } = staticErrorRoute(
  410,
  41000,
  "API version 1 is no longer available",
  "Use the /api/v4 paths (regenerate your API keys in the dashboard); see /api/v4/openapi.json",
);
