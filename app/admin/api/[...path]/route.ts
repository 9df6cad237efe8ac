// Unknown support-view data paths: 404 in the envelope.
import { staticErrorRoute } from "@/lib/http/api-route";

export const { GET, POST, PUT, PATCH, DELETE } = staticErrorRoute(40004);
