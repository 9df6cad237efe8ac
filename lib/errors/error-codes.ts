// The spec's error catalog: internal code -> name and HTTP status. Where the spec gives one
// code two meanings (40017), the HTTP status tells them apart at the call site.
export const ERROR_CODES = {
  401: { name: "InvalidRole", status: 401 },
  30001: { name: "IDENTITY_PROVIDER_ERROR", status: 500 },
  40001: { name: "INVALID_ACCESS", status: 403 },
  40002: { name: "UNAUTHORIZE_REQUEST", status: 401 },
  40004: { name: "RESSOURCE_NOT_FOUND", status: 404 },
  40005: { name: "PHONE_NUMBER_NOT_FOUND", status: 404 },
  40006: { name: "TRX_NOT_FOUND", status: 404 },
  40007: { name: "OTP_NOT_FOUND", status: 404 },
  40008: { name: "CUSTOMER_NOT_FOUND", status: 404 },
  40010: { name: "INVALID_AMOUNT", status: 400 },
  40011: { name: "INVALID_COUNTRY", status: 400 },
  40012: { name: "INVALID_GATEWAY", status: 400 },
  40013: { name: "INSUFFICIENT_BALANCE", status: 422 },
  40014: { name: "INVALID_NUMBER", status: 400 },
  40015: { name: "INVALID_CURRENCY", status: 400 },
  40016: { name: "INVALID_JSON_BODY", status: 400 },
  40017: { name: "INVALID_METHOD", status: 400 },
  40018: { name: "INVALID_CLIENT", status: 400 },
  40019: { name: "INVALID_OTP", status: 400 },
  40020: { name: "INVALID_OPERATION", status: 400 },
  40021: { name: "INVALID_CALLBACK_URL", status: 400 },
  40022: { name: "INVALID_SECRET_CODE", status: 400 },
  40023: { name: "INVALID_REQUEST", status: 400 },
  41000: { name: "API_VERSION_GONE", status: 410 },
  42900: { name: "TOO_MANY_REQUESTS", status: 429 },
  50000: { name: "INTERNAL_ERROR", status: 500 },
  50200: { name: "GATEWAY_ERROR", status: 502 },
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;
