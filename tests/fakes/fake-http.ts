import http, { type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

// The plumbing the operator fakes share: a node:http server on 127.0.0.1 (port 0) that records
// every request in order, JSON answers, and the infrastructure faults a test can queue up for the
// next calls (an HTTP 500, an answer slower than the client's timeout).

export type Recorded = { method: string; path: string; url: URL; headers: IncomingHttpHeaders; body: string };

export type Fault = {
  /** Answer this status instead of handling the request (default 500 when no delay is given); with `process`, after handling it. */
  status?: number;
  /** Wait this long before answering (longer than the client's timeout = the client gives up). */
  delayMs?: number;
  /**
   * Handle the request normally (after the delay): the operator acted, only the answer is late or
   * lost. With `status` too, the operator's answer is replaced by that status once it has acted (a
   * 5xx after recording); with `holdAnswerMs`, it acts at once and holds its answer that long (an
   * answer lost to the client's timeout after the operator acted).
   */
  process?: boolean;
  /** With `process`: act first, then wait this long before answering. */
  holdAnswerMs?: number;
  /** Only for a request this matches (the others pass it by); default any. */
  when?: (request: Recorded) => boolean;
};

export type FakeServer = {
  url: string;
  received: Recorded[];
  /** Queue faults for the next matching requests (all but token requests unless `includeTokens`). */
  failNext(fault: Fault, count?: number): void;
  /** Drops the faults no request has met yet; returns how many there were. */
  clearFaults(): number;
  /** Requests received that the operator has yet to act on (a fault may delay the act; one that never acts is not counted). */
  actsPending(): number;
  close(): Promise<void>;
};

export function sendJson(res: ServerResponse, status: number, body?: unknown, headers: Record<string, string> = {}) {
  if (res.destroyed || res.writableEnded) return;
  if (body === undefined) {
    res.writeHead(status, headers).end();
    return;
  }
  res.writeHead(status, { "content-type": "application/json", ...headers }).end(JSON.stringify(body));
}

export function sendHtml(res: ServerResponse, status: number, body: string) {
  if (res.destroyed || res.writableEnded) return;
  res.writeHead(status, { "content-type": "text/html; charset=utf-8" }).end(`<!doctype html><html lang="en"><head><title>Fake operator</title></head><body>${body}</body></html>`);
}

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A response that goes nowhere: the operator's own answer to a request it acted on, then lost. */
function discardedAnswer(): ServerResponse {
  const sink = { destroyed: false, writableEnded: false, headersSent: false, setHeader: () => sink, writeHead: () => sink, write: () => true, end: () => ((sink.writableEnded = true), sink) };
  return sink as unknown as ServerResponse;
}

export async function startFakeServer(
  handle: (request: Recorded, res: ServerResponse) => void | Promise<void>,
  isToken: (request: Recorded) => boolean = () => false,
  port = 0,
): Promise<FakeServer> {
  const received: Recorded[] = [];
  const faults: Fault[] = [];
  let actsPending = 0;
  const server = http.createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk) => (body += chunk));
    req.on("end", async () => {
      const url = new URL(req.url ?? "/", "http://fake.invalid");
      const request: Recorded = { method: req.method ?? "GET", path: url.pathname, url, headers: req.headers, body };
      received.push(request);
      const index = isToken(request) ? -1 : faults.findIndex((f) => !f.when || f.when(request));
      const fault = index === -1 ? undefined : faults.splice(index, 1)[0];
      if (!fault || fault.process) actsPending++;
      const act = async (answer: ServerResponse) => {
        try {
          await handle(request, answer);
        } finally {
          actsPending--;
        }
      };
      try {
        if (fault?.delayMs) await sleep(fault.delayMs);
        if (fault && !fault.process) return sendJson(res, fault.status ?? 500, { message: "fake operator fault" });
        if (fault && (fault.status !== undefined || fault.holdAnswerMs)) return await actThenAnswer(fault, act, res);
        await act(res);
      } catch (error) {
        sendJson(res, 500, { message: `fake crashed: ${String(error)}` });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    received,
    failNext(fault, count = 1) {
      for (let i = 0; i < count; i++) faults.push(fault);
    },
    clearFaults: () => faults.splice(0).length,
    actsPending: () => actsPending,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

type Captured = { status: number; headers: Record<string, string>; body: string; ended: boolean };

/** A response the handler writes to instead of the client's, so a fault can hold or replace its answer. */
function standInResponse(): { res: ServerResponse; captured: Captured } {
  const captured: Captured = { status: 200, headers: {}, body: "", ended: false };
  const res = {
    destroyed: false,
    get writableEnded() {
      return captured.ended;
    },
    writeHead(status: number, headers: Record<string, string> = {}) {
      Object.assign(captured, { status, headers });
      return res;
    },
    end(body?: string) {
      Object.assign(captured, { body: body ?? "", ended: true });
      return res;
    },
  };
  return { res: res as unknown as ServerResponse, captured };
}

/** The operator handles the request, then the fault decides what the client gets, and when. */
async function actThenAnswer(fault: Fault, act: (res: ServerResponse) => void | Promise<void>, res: ServerResponse) {
  const standIn = standInResponse();
  await act(standIn.res);
  if (fault.holdAnswerMs) await sleep(fault.holdAnswerMs);
  if (fault.status !== undefined) return sendJson(res, fault.status, { message: "fake operator fault (after acting)" });
  if (res.destroyed || res.writableEnded) return;
  res.writeHead(standIn.captured.status, standIn.captured.headers).end(standIn.captured.body);
}

/** Sends a callback the way an operator does; the fakes ignore what the receiver answers. */
export async function deliver(url: string, method: "PUT" | "POST", body: string, headers: Record<string, string> = {}) {
  try {
    const response = await fetch(url, { method, headers: { "content-type": "application/json", ...headers }, body });
    return response.status;
  } catch {
    return null;
  }
}
