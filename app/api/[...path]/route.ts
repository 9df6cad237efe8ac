// Every path under /api that Next.js routes here: the route table answers it (lib/api-routes).
import { catchAllRoute } from "@/lib/api-routes/catch-all-route";

export const { GET, POST, PUT, PATCH, DELETE } = catchAllRoute("/api");
