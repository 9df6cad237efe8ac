// The first API version is retired: 410 pointing integrators to /api/v4.
import { staticErrorRoute } from "@/lib/http/api-route";

export const { GET, POST, PUT, PATCH, DELETE } = staticErrorRoute(
  41000,
  "Use the /api/v4 paths (regenerate your API keys in the dashboard); see /api/v4/openapi.json",
);
