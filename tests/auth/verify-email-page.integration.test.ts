import { afterEach, describe, expect, it, vi } from "vitest";
import VerifyEmailPage from "@/app/dashboard/(auth)/verify-email/page";
import { ORIGIN } from "../helpers/api-client";
import { elementsOf, nextRequest } from "../helpers/next-request";
import en from "@/messages/en.json";

// Issue 28, first steps: after sign-up, the confirmation e-mail's page says where the mail is when
// it never leaves the computer (development without SMTP_URL: the outbox page), and only then.

vi.mock("next/headers", async () => (await import("../helpers/next-request")).nextHeaders);
vi.mock("next/cache", async () => (await import("../helpers/next-request")).nextCache);
vi.mock("next-intl/server", async () => (await import("../helpers/next-request")).nextIntlServer());

afterEach(() => {
  vi.unstubAllEnvs();
});

async function outboxLinks() {
  nextRequest.headers = new Headers({ host: new URL(ORIGIN).host });
  const page = await VerifyEmailPage({ searchParams: Promise.resolve({ email: "awa@shop.example" }) });
  return elementsOf(page, "a").map((a) => a.href);
}

describe("the confirmation e-mail's page", () => {
  it("points at the development outbox, for that address, when mail stays on this computer", async () => {
    vi.stubEnv("SMTP_URL", "");
    expect(await outboxLinks()).toEqual(["/dev/outbox?to=awa%40shop.example"]);
  });

  it("says nothing of it when mail goes out over SMTP, or in production", async () => {
    vi.stubEnv("SMTP_URL", "smtp://127.0.0.1:2525");
    expect(await outboxLinks()).toEqual([]);
    vi.stubEnv("SMTP_URL", "");
    vi.stubEnv("NODE_ENV", "production");
    expect(await outboxLinks()).toEqual([]);
  });

  it("says the mail could not be sent, and to ask support, on a production server without SMTP (issue 35)", async () => {
    const render = async () => {
      nextRequest.headers = new Headers({ host: new URL(ORIGIN).host });
      return VerifyEmailPage({ searchParams: Promise.resolve({ email: "awa@shop.example" }) });
    };
    const notice = (page: unknown) => elementsOf(page, "p").filter((p) => p["data-testid"] === "no-mail").map((p) => p.children);
    vi.stubEnv("NODE_ENV", "production");
    vi.stubEnv("SMTP_URL", "");
    const stuck = await render();
    expect(notice(stuck)).toEqual([en.auth.verifyEmail.noMail]);
    // Neither "we sent you a mail" nor a button to send it again: neither would be true.
    expect(elementsOf(stuck, "p").map((p) => p.children)).not.toContain(en.auth.verifyEmail.sent.replace("{email}", "awa@shop.example"));
    expect(elementsOf(stuck, "form")).toEqual([]);
    vi.stubEnv("SMTP_URL", "smtp://127.0.0.1:2525");
    const sent = await render();
    expect(notice(sent)).toEqual([]);
    expect(elementsOf(sent, "form")).toHaveLength(1);
  });
});
