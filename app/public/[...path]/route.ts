// Any unknown API path: 404 in the spec's envelope, never an HTML page.
import { staticErrorRoute } from "@/lib/http/api-route";

export const { GET, POST, PUT, PATCH, DELETE } = staticErrorRoute(40004);
