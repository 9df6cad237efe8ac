// POST /api/v4/deposit/initiate - alias of POST /api/v4/classic/deposit/initiate (named by the spec)
export { GET, POST, PUT, PATCH, DELETE } from "@/app/api/v4/classic/deposit/initiate/route";
