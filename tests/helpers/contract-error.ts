import { expect } from "vitest";
import type { ApiError } from "@/lib/core/errors/api-error";
import { DomainError } from "@/lib/core/errors/domain-error";
import { apiErrorOf } from "@/lib/surfaces/http/api-error-of";

/**
 * A feature's refusal as the API answers it: the domain outcome it threw (features never make an
 * HTTP error), mapped by the API's one mapping (lib/surfaces/http/api-error-of.ts), so a test of a
 * feature still reads the contract's code, status and details.
 */
export function contractErrorOf(error: unknown): ApiError {
  expect(error).toBeInstanceOf(DomainError);
  return apiErrorOf(error)!;
}

/** The contract's error for what `promise` rejects with; fails when it resolves. */
export async function contractError(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => {
      throw new Error("expected a refusal, the call succeeded");
    },
    (rejection: unknown) => rejection,
  );
  return contractErrorOf(error);
}
