import createClient, { type Client } from "openapi-fetch";
import { PcsError } from "./errors.js";
import { retryingFetch, type RetryOptions } from "./retry.js";
import type { paths } from "./schema.js";
import type {
  Analytics,
  AnalyticsByCurrency,
  ConfirmDepositRequest,
  CreatePaymentLinkRequest,
  CreatePaymentPageRequest,
  DepositRequest,
  RefundRequest,
  TransferBatchLine,
  TransferBatchRequest,
  TransferRequest,
} from "./types.js";

export type PcsClientOptions = RetryOptions & {
  /** sk_test_... (the sandbox, under {baseUrl}/test) or sk_live_... (production). */
  apiKey: string;
  /** The service's address, without /test: e.g. https://pay.example.com. */
  baseUrl: string;
  /** Another fetch (a proxy agent, a test double of the network); default globalThis.fetch. */
  fetch?: typeof fetch;
};

/** Options of one call. */
export type RequestOptions = { signal?: AbortSignal };
/** Options of a create. Without an idempotencyKey one is generated, once per call, reused by its retries. */
export type CreateOptions = RequestOptions & { idempotencyKey?: string };

export type AnalyticsQuery = { from?: string; to?: string; currency?: string };
/** Cursor of GET /api/v4/payments/page/{reference}/payments. */
export type PagePaymentsQuery = NonNullable<paths["/api/v4/payments/page/{reference}/payments"]["get"]["parameters"]["query"]>;
/** Cursor and filter of GET /api/v4/transfers/batch/{reference}/lines. */
export type BatchLinesQuery = NonNullable<paths["/api/v4/transfers/batch/{reference}/lines"]["get"]["parameters"]["query"]>;
/** Filters and cursor of GET /api/v4/events. */
export type EventListQuery = NonNullable<paths["/api/v4/events"]["get"]["parameters"]["query"]>;

/** The environment is the key's: the API refuses a key under the other environment's path. */
export function environmentBaseUrl(apiKey: string, baseUrl: string): string {
  const origin = baseUrl.replace(/\/+$/, "");
  if (apiKey.startsWith("sk_test_")) return `${origin}/test`;
  if (apiKey.startsWith("sk_live_")) return origin;
  throw new TypeError("apiKey must start with sk_test_ (sandbox) or sk_live_ (production)");
}

type Result<T> = { data?: T; error?: unknown; response: Response };

/** The body of a 2xx, or the answer turned into a PcsError. */
function unwrap<T>({ data, error, response }: Result<T>): T {
  if (response.ok) return data as T;
  throw PcsError.fromResponse(response, error);
}

const createHeaders = (options: CreateOptions) => ({ "Idempotency-Key": options.idempotencyKey ?? crypto.randomUUID() });

/**
 * The Payment Collection Service client.
 *
 * ```ts
 * const pcs = new PcsClient({ apiKey: process.env.PCS_KEY!, baseUrl: "https://pay.example.com" });
 * const link = await pcs.paymentLinks.create({ amount: 5000, currency: "XOF", description: "Order #1234" });
 * ```
 */
export class PcsClient {
  /** The typed openapi-fetch client underneath, for an endpoint the methods below do not cover yet. */
  readonly api: Client<paths>;

  constructor(options: PcsClientOptions) {
    const { apiKey, baseUrl, fetch, ...retry } = options;
    this.api = createClient<paths>({
      baseUrl: environmentBaseUrl(apiKey, baseUrl),
      headers: { authorization: `Bearer ${apiKey}` },
      fetch: retryingFetch(retry, fetch),
    });
  }

  readonly paymentLinks = {
    /** POST /api/v4/payments/link */
    create: async (body: CreatePaymentLinkRequest, options: CreateOptions = {}) =>
      unwrap(await this.api.POST("/api/v4/payments/link", { body, headers: createHeaders(options), signal: options.signal })),
    /** GET /api/v4/payments/link/{reference}: verify a link's status before you ship. */
    retrieve: async (reference: string, options: RequestOptions = {}) =>
      unwrap(await this.api.GET("/api/v4/payments/link/{reference}", { params: { path: { reference } }, signal: options.signal })),
  };

  /** Payment pages (an extension): one reusable URL or shop QR code that many customers pay. */
  readonly paymentPages = {
    /** POST /api/v4/payments/page: a set price (amount) or the customer chooses (minAmount..maxAmount). */
    create: async (body: CreatePaymentPageRequest, options: CreateOptions = {}) =>
      unwrap(await this.api.POST("/api/v4/payments/page", { body, headers: createHeaders(options), signal: options.signal })),
    /** GET /api/v4/payments/page/{reference}: status, completed payments and total. */
    retrieve: async (reference: string, options: RequestOptions = {}) =>
      unwrap(await this.api.GET("/api/v4/payments/page/{reference}", { params: { path: { reference } }, signal: options.signal })),
    /** GET /api/v4/payments/page/{reference}/payments: one page of the links customers made from it, newest first. */
    listPayments: async (reference: string, query: PagePaymentsQuery = {}, options: RequestOptions = {}) =>
      unwrap(await this.api.GET("/api/v4/payments/page/{reference}/payments", { params: { path: { reference }, query }, signal: options.signal })),
    /** POST /api/v4/payments/page/{reference}/deactivate: it makes no new payment link. */
    deactivate: async (reference: string, options: RequestOptions = {}) =>
      unwrap(await this.api.POST("/api/v4/payments/page/{reference}/deactivate", { params: { path: { reference } }, signal: options.signal })),
    /** POST /api/v4/payments/page/{reference}/activate: refused (40020) for an expired or exhausted page. */
    activate: async (reference: string, options: RequestOptions = {}) =>
      unwrap(await this.api.POST("/api/v4/payments/page/{reference}/activate", { params: { path: { reference } }, signal: options.signal })),
  };

  readonly deposits = {
    /** POST /api/v4/classic/deposit/initiate: a DIRECT (push prompt) or REDIRECT gateway. */
    initiate: async (body: DepositRequest, options: CreateOptions = {}) =>
      unwrap(await this.api.POST("/api/v4/classic/deposit/initiate", { body, headers: createHeaders(options), signal: options.signal })),
    /** POST /api/v4/validation/deposit/generate-invoice: OTP gateways, step 1. */
    generateInvoice: async (body: DepositRequest, options: CreateOptions = {}) =>
      unwrap(
        await this.api.POST("/api/v4/validation/deposit/generate-invoice", { body, headers: createHeaders(options), signal: options.signal }),
      ),
    /** POST /api/v4/validation/deposit/confirm: OTP gateways, step 2. A repeat answers 40020 naming the validated reference. */
    confirm: async (body: ConfirmDepositRequest, options: RequestOptions = {}) =>
      unwrap(await this.api.POST("/api/v4/validation/deposit/confirm", { body, signal: options.signal })),
    /** GET /api/v4/deposits/{reference}: by its reference, invoice reference or validated reference. */
    retrieve: async (reference: string, options: RequestOptions = {}) =>
      unwrap(await this.api.GET("/api/v4/deposits/{reference}", { params: { path: { reference } }, signal: options.signal })),
  };

  readonly transfers = {
    /** POST /api/v4/transfers/instant: pay out from the available balance. */
    create: async (body: TransferRequest, options: CreateOptions = {}) =>
      unwrap(await this.api.POST("/api/v4/transfers/instant", { body, headers: createHeaders(options), signal: options.signal })),
    /** GET /api/v4/transfers/{reference} */
    retrieve: async (reference: string, options: RequestOptions = {}) =>
      unwrap(await this.api.GET("/api/v4/transfers/{reference}", { params: { path: { reference } }, signal: options.signal })),
  };

  /**
   * Bulk payouts: up to 500 transfers checked whole, held and sent once a member other than the
   * batch's maker approves it (maker-checker). A refused batch throws a PcsError whose `lines`
   * names each refused line.
   */
  readonly transferBatches = {
    /** POST /api/v4/transfers/batch: the batch, awaiting approval (nothing held yet). */
    create: async (body: TransferBatchRequest, options: CreateOptions = {}) =>
      unwrap(await this.api.POST("/api/v4/transfers/batch", { body, headers: createHeaders(options), signal: options.signal })),
    /** GET /api/v4/transfers/batch/{reference}: status, counts and totals by line status. */
    retrieve: async (reference: string, options: RequestOptions = {}) =>
      unwrap(await this.api.GET("/api/v4/transfers/batch/{reference}", { params: { path: { reference } }, signal: options.signal })),
    /** GET /api/v4/transfers/batch/{reference}/lines: one page of lines in their order (startingAfter: the last `line`). */
    listLines: async (reference: string, query: BatchLinesQuery = {}, options: RequestOptions = {}) =>
      unwrap(await this.api.GET("/api/v4/transfers/batch/{reference}/lines", { params: { path: { reference }, query }, signal: options.signal })),
    /** Every line (of a status), page after page: `for await (const line of pcs.transferBatches.allLines(ref, { status: "failed" }))`. */
    allLines: (reference: string, query: Omit<BatchLinesQuery, "startingAfter"> = {}, options: RequestOptions = {}) => this.allBatchLines(reference, query, options),
    /** POST .../approve with a key of another member holding transfers:approve: holds the total and sends the lines. */
    approve: async (reference: string, options: RequestOptions = {}) =>
      unwrap(await this.api.POST("/api/v4/transfers/batch/{reference}/approve", { params: { path: { reference } }, signal: options.signal })),
    /** POST .../cancel: a batch still awaiting approval. */
    cancel: async (reference: string, options: RequestOptions = {}) =>
      unwrap(await this.api.POST("/api/v4/transfers/batch/{reference}/cancel", { params: { path: { reference } }, signal: options.signal })),
    /** POST .../retry: a new batch of a finished batch's failed lines, awaiting approval. */
    retryFailed: async (reference: string, options: RequestOptions = {}) =>
      unwrap(await this.api.POST("/api/v4/transfers/batch/{reference}/retry", { params: { path: { reference } }, signal: options.signal })),
  };

  readonly refunds = {
    /**
     * POST /api/v4/refunds: give a paid link or a completed deposit back, in full (no amount) or in
     * part, out of the available balance; it ends with refund.completed or refund.failed.
     */
    create: async (body: RefundRequest, options: CreateOptions = {}) =>
      unwrap(await this.api.POST("/api/v4/refunds", { body, headers: createHeaders(options), signal: options.signal })),
    /** GET /api/v4/refunds/{reference} */
    retrieve: async (reference: string, options: RequestOptions = {}) =>
      unwrap(await this.api.GET("/api/v4/refunds/{reference}", { params: { path: { reference } }, signal: options.signal })),
  };

  readonly balance = {
    /** GET /api/v4/merchant/balance: available and pending, per currency. */
    retrieve: async (options: RequestOptions = {}) => unwrap(await this.api.GET("/api/v4/merchant/balance", { signal: options.signal })),
  };

  readonly analytics = {
    /** GET /api/v4/merchant/analytics with a currency: that currency's figures. */
    retrieve: (async (query: AnalyticsQuery = {}, options: RequestOptions = {}) =>
      unwrap(await this.api.GET("/api/v4/merchant/analytics", { params: { query }, signal: options.signal }))) as {
      (query: AnalyticsQuery & { currency: string }, options?: RequestOptions): Promise<Analytics>;
      (query?: AnalyticsQuery, options?: RequestOptions): Promise<AnalyticsByCurrency>;
    },
  };

  readonly events = {
    /** GET /api/v4/events: one page of the webhook events your resources produced, newest first. */
    list: async (query: EventListQuery = {}, options: RequestOptions = {}) =>
      unwrap(await this.api.GET("/api/v4/events", { params: { query }, signal: options.signal })),
    /** GET /api/v4/events/{id}: one event, with the payload exactly as it was signed. */
    retrieve: async (id: string, options: RequestOptions = {}) =>
      unwrap(await this.api.GET("/api/v4/events/{id}", { params: { path: { id } }, signal: options.signal })),
    /**
     * Every event matching the filters, newest first, page after page: the loop a reconciliation
     * after an outage needs (`for await (const event of pcs.events.all({ type: "deposit.completed" }))`).
     */
    all: (query: Omit<EventListQuery, "startingAfter" | "endingBefore"> = {}, options: RequestOptions = {}) => this.allEvents(query, options),
  };

  readonly gateways = {
    /** GET /public/gateways/deposit/list: the merchant's enabled deposit gateways. */
    listDeposit: async (options: RequestOptions = {}) => unwrap(await this.api.GET("/public/gateways/deposit/list", { signal: options.signal })),
    /** GET /public/gateways/withdraw/list: the merchant's enabled withdrawal gateways. */
    listWithdrawal: async (options: RequestOptions = {}) =>
      unwrap(await this.api.GET("/public/gateways/withdraw/list", { signal: options.signal })),
  };

  private async *allBatchLines(reference: string, query: Omit<BatchLinesQuery, "startingAfter">, options: RequestOptions): AsyncGenerator<TransferBatchLine> {
    let startingAfter: number | undefined;
    for (;;) {
      const page = await this.transferBatches.listLines(reference, { ...query, ...(startingAfter !== undefined ? { startingAfter } : {}) }, options);
      yield* page.data;
      if (!page.hasMore || page.data.length === 0) return;
      startingAfter = page.data[page.data.length - 1].line;
    }
  }

  private async *allEvents(query: Omit<EventListQuery, "startingAfter" | "endingBefore">, options: RequestOptions) {
    let startingAfter: string | undefined;
    for (;;) {
      const page = await this.events.list({ ...query, ...(startingAfter ? { startingAfter } : {}) }, options);
      yield* page.data;
      if (!page.hasMore || page.data.length === 0) return;
      startingAfter = page.data[page.data.length - 1].id;
    }
  }
}
