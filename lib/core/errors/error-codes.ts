// The API contract's error catalog: each code's name, HTTP status and the one message clients
// see for it. Call sites add only `details` (what exactly went wrong, naming the field or the
// resource), so a code never reads two ways. Where the contract gives one code two meanings
// (40017: WALLET_NOT_FOUND 404 / INVALID_METHOD 400) only INVALID_METHOD is used here.
export const ERROR_CODES = {
  401: { name: "InvalidRole", status: 401, message: "Invalid or insufficient role" },
  30001: { name: "IDENTITY_PROVIDER_ERROR", status: 500, message: "Authentication server error; retry" },
  40001: { name: "INVALID_ACCESS", status: 403, message: "Unauthorized access to this resource" },
  40002: { name: "UNAUTHORIZE_REQUEST", status: 401, message: "Unauthorized request; check the Bearer token" },
  40004: { name: "RESSOURCE_NOT_FOUND", status: 404, message: "Resource not found" },
  40005: { name: "PHONE_NUMBER_NOT_FOUND", status: 404, message: "Phone number not found" },
  40006: { name: "TRX_NOT_FOUND", status: 404, message: "Transaction not found" },
  40007: { name: "OTP_NOT_FOUND", status: 404, message: "OTP not found or expired; request a new one" },
  40008: { name: "CUSTOMER_NOT_FOUND", status: 404, message: "Customer not found" },
  40010: { name: "INVALID_AMOUNT", status: 400, message: "Invalid amount" },
  40011: { name: "INVALID_COUNTRY", status: 400, message: "Invalid country" },
  40012: { name: "INVALID_GATEWAY", status: 400, message: "Invalid gateway" },
  40013: { name: "INSUFFICIENT_BALANCE", status: 422, message: "Insufficient balance" },
  40014: { name: "INVALID_NUMBER", status: 400, message: "Invalid phone number" },
  40015: { name: "INVALID_CURRENCY", status: 400, message: "Invalid currency" },
  40016: { name: "INVALID_JSON_BODY", status: 400, message: "Body is not valid JSON" },
  40017: { name: "INVALID_METHOD", status: 400, message: "Unsupported HTTP method" },
  40018: { name: "INVALID_CLIENT", status: 400, message: "Invalid API credentials" },
  40019: { name: "INVALID_OTP", status: 400, message: "Invalid OTP code" },
  40020: { name: "INVALID_OPERATION", status: 400, message: "Operation not allowed" },
  40021: { name: "INVALID_CALLBACK_URL", status: 400, message: "Invalid callback URL" },
  40022: { name: "INVALID_SECRET_CODE", status: 400, message: "Invalid secret code" },
  40023: { name: "INVALID_REQUEST", status: 400, message: "Invalid request parameters" },
  41000: { name: "API_VERSION_GONE", status: 410, message: "This API version is gone" },
  42900: { name: "TOO_MANY_REQUESTS", status: 429, message: "Too many requests" },
  50000: { name: "INTERNAL_ERROR", status: 500, message: "Internal server error" },
  50200: { name: "GATEWAY_ERROR", status: 502, message: "External gateway error" },
  // An operator's circuit is open (repeated timeouts or 5xx): answered at once with Retry-After.
  50300: { name: "SERVICE_UNAVAILABLE", status: 503, message: "Service temporarily unavailable" },
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

export const errorMessage = (code: ErrorCode): string => ERROR_CODES[code].message;
