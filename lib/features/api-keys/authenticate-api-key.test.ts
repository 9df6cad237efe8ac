import { describe, expect, it } from "vitest";
import type { DbClient } from "@/lib/core/db/client";
import { generateApiKey, hashApiKey } from "@/lib/core/domain/api-keys";
import { authenticateApiKey } from "./authenticate-api-key";

// authenticateApiKey reads the key, its maker's membership and records its use in the client it
// is given, never in the process's own (db()): here a client that is nothing but those three calls.
describe("authenticateApiKey", () => {
  it("reads and records the key in the client it is given", async () => {
    const key = generateApiKey("sandbox");
    const row = {
      id: "key_given_client",
      hash: hashApiKey(key),
      merchantId: "mer_given_client",
      environment: "sandbox",
      role: "merchant",
      prefix: key.slice(0, 12),
      scopes: ["links:read"],
      createdAt: new Date(),
      lastUsedAt: null,
      revokedAt: null,
      name: null,
      expiresAt: null,
      createdByUserId: "usr_maker",
      merchant: { liveActivatedAt: null },
    };
    const calls: string[] = [];
    const client = {
      apiKey: {
        findUnique: async () => (calls.push("apiKey.findUnique"), row),
        update: async () => (calls.push("apiKey.update"), row),
      },
      member: { findUnique: async () => (calls.push("member.findUnique"), { id: "mem_maker" }) },
    } as unknown as DbClient;

    const principal = await authenticateApiKey(client, `Bearer ${key}`, "sandbox", "links:read");
    expect(principal).toEqual({ merchantId: "mer_given_client", keyId: "key_given_client", environment: "sandbox", scopes: ["links:read"] });
    expect(calls).toEqual(["apiKey.findUnique", "member.findUnique", "apiKey.update"]);
  });
});
