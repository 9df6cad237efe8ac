// Every path under /public that Next.js routes here: the route table answers it (lib/surfaces/api-routes).
import { catchAllRoute } from "@/lib/surfaces/api-routes/catch-all-route";

export const { GET, POST, PUT, PATCH, DELETE } = catchAllRoute("/public");
