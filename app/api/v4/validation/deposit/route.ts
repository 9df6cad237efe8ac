// POST /api/v4/validation/deposit - alias of POST /api/v4/validation/deposit/generate-invoice (named by the spec)
export { GET, POST, PUT, PATCH, DELETE } from "@/app/api/v4/validation/deposit/generate-invoice/route";
