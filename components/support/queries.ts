"use client";

import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { supportApiPath as withQuery, supportQueryKey, type SupportParams } from "@/lib/surfaces/support/api-path";
import { useStaff } from "./staff-context";

// The support view's data hooks: one place for fetch, errors, the CSRF header and query keys.

/** A refused support API call: its status lets a view say "not found" in the staff member's language (the API's own details are English). */
export class SupportRequestError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

async function request<T>(path: string, init?: RequestInit & { csrf?: string; formToken?: string }): Promise<T> {
  const { csrf, formToken, ...rest } = init ?? {};
  const response = await fetch(path, {
    ...rest,
    headers: { "content-type": "application/json", ...(csrf ? { "x-csrf-token": csrf } : {}), ...(formToken ? { "idempotency-key": formToken } : {}) },
    credentials: "same-origin",
  });
  const body = response.status === 204 ? null : await response.json().catch(() => null);
  if (response.status === 401) window.location.assign("/admin/login");
  if (!response.ok) throw new SupportRequestError(body?.error?.details ?? body?.error?.message ?? `HTTP ${response.status}`, response.status);
  return body as T;
}

// A page's first read is made on the server (components/support/support-prefetch.tsx) under the
// same keys: the hooks find it there and show it at once, without a "loading" state.

export function useSupportQuery<T>(path: string, params?: SupportParams) {
  return useQuery({ queryKey: supportQueryKey(path, params), queryFn: () => request<T>(withQuery(path, params)) });
}

export function useSupportPages<T>(path: string, params: SupportParams) {
  return useInfiniteQuery({
    queryKey: supportQueryKey(path, params),
    queryFn: ({ pageParam }) => request<{ items: T[]; nextCursor: string | null }>(withQuery(path, { ...params, cursor: pageParam ?? undefined })),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

/**
 * A state-changing call: carries the session's CSRF token, then refreshes what it may have changed.
 * `formToken`: the one-time token of the form the call comes from (lib/core/domain/form-token.ts),
 * sent as Idempotency-Key: the decisions that move money are made once per token, and refused without one.
 */
export function useSupportAction<TInput, TResult>(path: (input: TInput) => string, body?: (input: TInput) => unknown, formToken?: (input: TInput) => string) {
  const { csrfToken } = useStaff();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: TInput) =>
      request<TResult>(path(input), { method: "POST", csrf: csrfToken, formToken: formToken?.(input), body: body ? JSON.stringify(body(input)) : undefined }),
    onSuccess: () => client.invalidateQueries({ queryKey: ["support"] }),
  });
}

export async function signOut() {
  await fetch("/admin/api/session", { method: "DELETE", credentials: "same-origin" });
  window.location.assign("/admin/login");
}
