import { createHash, createPublicKey, generateKeyPairSync, sign, type KeyObject } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  contentDigestMatches,
  parseDictionary,
  signatureBase,
  signatureInputEntry,
  verifyMessageSignature,
  type SignedMessage,
} from "./http-message-signature";

// RFC 9421 Appendix B: the test request (B.2), the Ed25519 test key (B.1.4) and the signature of
// B.2.6, which Ed25519 makes deterministically, so the RFC's own bytes must verify.
const RFC_ED25519_PUBLIC = `-----BEGIN PUBLIC KEY-----
MCowBQYDK2VwAyEAJrQLj5P/89iXES9+vFgrIy29clF9CC/oPPsw3c5D0bs=
-----END PUBLIC KEY-----`;
const RFC_BODY = '{"hello": "world"}';
const RFC_DIGEST = "sha-512=:WZDPaVn/7XgHaAy8pmojAkGWoRx2UFChF41A2svX+TaPm+AbwAgBWnrIiYllu7BNNyealdVLvRwEmTHWXvJwew==:";
const B26_INPUT = 'sig-b26=("date" "@method" "@path" "@authority" "content-type" "content-length");created=1618884473;keyid="test-key-ed25519"';
const B26_SIGNATURE = "sig-b26=:wqcAqbmYJ2ji2glfAMaRy4gruYYnx2nEFN2HN6jrnDnQCK1u02Gb04v9EDgwUPiu4A0w6vuQv5lIp5WPpBKRCw==:";
const B26_BASE = [
  '"date": Tue, 20 Apr 2021 02:07:55 GMT',
  '"@method": POST',
  '"@path": /foo',
  '"@authority": example.com',
  '"content-type": application/json',
  '"content-length": 18',
  '"@signature-params": ("date" "@method" "@path" "@authority" "content-type" "content-length");created=1618884473;keyid="test-key-ed25519"',
].join("\n");

function rfcRequest(extra: Record<string, string> = {}): SignedMessage {
  return {
    method: "POST",
    url: new URL("https://example.com/foo?param=Value&Pet=dog"),
    headers: new Headers({
      Host: "example.com",
      Date: "Tue, 20 Apr 2021 02:07:55 GMT",
      "Content-Type": "application/json",
      "Content-Digest": RFC_DIGEST,
      "Content-Length": "18",
      ...extra,
    }),
    body: RFC_BODY,
  };
}

// B.2.6 names no alg: the verifier knows it from the key (RFC 9421 §3.2).
const rfcKey = [{ keyId: "test-key-ed25519", key: createPublicKey(RFC_ED25519_PUBLIC), alg: "ed25519" as const }];
const at2021 = { now: new Date(1618884473 * 1000) };

describe("RFC 9421 test vectors", () => {
  it("builds B.2.6's signature base from the test request", () => {
    expect(signatureBase(signatureInputEntry(B26_INPUT, "sig-b26"), rfcRequest())).toBe(B26_BASE);
  });

  it("verifies B.2.6's Ed25519 signature, and refuses it once any covered part changes", () => {
    const signed = { "Signature-Input": B26_INPUT, Signature: B26_SIGNATURE };
    expect(verifyMessageSignature(rfcRequest(signed), rfcKey, at2021)).toMatchObject({ valid: true, label: "sig-b26", keyId: "test-key-ed25519" });
    expect(verifyMessageSignature(rfcRequest({ ...signed, "Content-Length": "19" }), rfcKey, at2021)).toEqual({ valid: false, reason: "mismatch" });
    expect(verifyMessageSignature({ ...rfcRequest(signed), url: new URL("https://example.com/bar") }, rfcKey, at2021)).toEqual({ valid: false, reason: "mismatch" });
    expect(verifyMessageSignature({ ...rfcRequest(signed), method: "PUT" }, rfcKey, at2021)).toEqual({ valid: false, reason: "mismatch" });
    // Another key id than ours: not tried.
    expect(verifyMessageSignature(rfcRequest(signed), [{ ...rfcKey[0], keyId: "other" }], at2021)).toEqual({ valid: false, reason: "unknown_key" });
    // A key of unknown algorithm and a signature naming none: nothing to verify with.
    expect(verifyMessageSignature(rfcRequest(signed), [{ keyId: "test-key-ed25519", key: rfcKey[0].key }], at2021)).toEqual({ valid: false, reason: "unsupported" });
  });

  it("matches the Content-Digest of RFC 9530's example body, and nothing else", () => {
    expect(contentDigestMatches(RFC_DIGEST, RFC_BODY)).toBe(true);
    expect(contentDigestMatches(RFC_DIGEST, '{"hello": "world!"}')).toBe(false);
    const sha256 = `sha-256=:${createHash("sha256").update(RFC_BODY).digest("base64")}:`;
    expect(contentDigestMatches(`${sha256}, ${RFC_DIGEST}`, RFC_BODY)).toBe(true);
    // Every digest we know must match; one we do not know proves nothing alone.
    expect(contentDigestMatches(`sha-256=:${Buffer.alloc(32).toString("base64")}:, ${RFC_DIGEST}`, RFC_BODY)).toBe(false);
    expect(contentDigestMatches("md5=:AAAA:", RFC_BODY)).toBe(false);
    expect(contentDigestMatches(null, RFC_BODY)).toBe(false);
    expect(contentDigestMatches("sha-512=WZDP", RFC_BODY)).toBe(false);
  });
});

describe("Structured Field dictionaries (RFC 8941) as signatures use them", () => {
  it("reads inner lists with parameters, byte sequences, and re-serializes @signature-params exactly", () => {
    const input = 'sig1=("@method" "content-digest");created=1618884475;keyid="k\\"1";alg="ecdsa-p256-sha256", sig2=();created=1';
    expect(signatureBase(signatureInputEntry(input, "sig1"), { ...rfcRequest(), headers: new Headers({ "content-digest": RFC_DIGEST }) })).toBe(
      `"@method": POST\n"content-digest": ${RFC_DIGEST}\n"@signature-params": ("@method" "content-digest");created=1618884475;keyid="k\\"1";alg="ecdsa-p256-sha256"`,
    );
    expect(signatureBase(signatureInputEntry(input, "sig2"), rfcRequest())).toBe('"@signature-params": ();created=1');
    const signature = parseDictionary("sig-pp=:AAEC:");
    expect(signature.get("sig-pp")).toEqual({ item: { type: "bytes", value: Buffer.from([0, 1, 2]) }, params: [] });
  });

  it("refuses what is outside the grammar", () => {
    for (const bad of ['sig=("a"', "Sig=:AA:", "sig=:A A:", 'sig=("a");created=', "a=1,", 'sig=("a""b")']) {
      expect(() => parseDictionary(bad), bad).toThrow();
    }
  });

  it("refuses components with parameters and components the message lacks", () => {
    expect(() => signatureBase(signatureInputEntry('s=("content-digest";sf)', "s"), rfcRequest())).toThrow(/parameters/);
    expect(() => signatureBase(signatureInputEntry('s=("signature-date")', "s"), rfcRequest())).toThrow(/no signature-date/);
    expect(() => signatureBase(signatureInputEntry('s=("@method" "@method")', "s"), rfcRequest())).toThrow(/repeated/);
  });
});

describe("the algorithms pawaPay accepts", () => {
  const input = (alg: string) => `s=("@method" "@path" "content-digest");alg="${alg}";keyid="k";created=1618884473`;
  function signed(alg: string, privateKey: KeyObject, signer: (base: Buffer) => Buffer): SignedMessage {
    const message = rfcRequest({ "Signature-Input": input(alg) });
    const base = Buffer.from(signatureBase(signatureInputEntry(input(alg), "s"), message));
    message.headers.set("Signature", `s=:${signer(base).toString("base64")}:`);
    return message;
  }
  const cases = [
    { alg: "ecdsa-p256-sha256", pair: generateKeyPairSync("ec", { namedCurve: "prime256v1" }), sign: (k: KeyObject, b: Buffer) => sign("sha256", b, { key: k, dsaEncoding: "ieee-p1363" }) },
    // pawaPay's own Node sample signs with createSign(), whose ECDSA signatures are DER.
    { alg: "ecdsa-p256-sha256", pair: generateKeyPairSync("ec", { namedCurve: "prime256v1" }), sign: (k: KeyObject, b: Buffer) => sign("sha256", b, k) },
    { alg: "ecdsa-p384-sha384", pair: generateKeyPairSync("ec", { namedCurve: "secp384r1" }), sign: (k: KeyObject, b: Buffer) => sign("sha384", b, { key: k, dsaEncoding: "ieee-p1363" }) },
    { alg: "rsa-v1_5-sha256", pair: generateKeyPairSync("rsa", { modulusLength: 2048 }), sign: (k: KeyObject, b: Buffer) => sign("sha256", b, k) },
    {
      alg: "rsa-pss-sha512",
      pair: generateKeyPairSync("rsa", { modulusLength: 2048 }),
      sign: (k: KeyObject, b: Buffer) => sign("sha512", b, { key: k, padding: 6 /* RSA_PKCS1_PSS_PADDING */, saltLength: 64 }),
    },
  ];

  it.each(cases)("verifies $alg and refuses it under another algorithm's name or key", ({ alg, pair, sign: signer }) => {
    const message = signed(alg, pair.privateKey, (base) => signer(pair.privateKey, base));
    expect(verifyMessageSignature(message, [{ keyId: "k", key: pair.publicKey }], at2021)).toMatchObject({ valid: true });
    const other = generateKeyPairSync("ed25519");
    expect(verifyMessageSignature(message, [{ keyId: "k", key: other.publicKey }], at2021)).toEqual({ valid: false, reason: "mismatch" });
    const renamed = rfcRequest({ "Signature-Input": input(alg === "rsa-pss-sha512" ? "rsa-v1_5-sha256" : "rsa-pss-sha512"), Signature: message.headers.get("signature")! });
    expect(verifyMessageSignature(renamed, [{ keyId: "k", key: pair.publicKey }], at2021).valid).toBe(false);
  });

  it("checks the body's digest when it is covered, and the signature's dates", () => {
    const pair = generateKeyPairSync("ec", { namedCurve: "prime256v1" });
    const message = signed("ecdsa-p256-sha256", pair.privateKey, (base) => sign("sha256", base, { key: pair.privateKey, dsaEncoding: "ieee-p1363" }));
    const keys = [{ keyId: "k", key: pair.publicKey }];
    expect(verifyMessageSignature({ ...message, body: '{"hello": "World"}' }, keys, at2021)).toEqual({ valid: false, reason: "digest_mismatch" });
    expect(verifyMessageSignature(message, keys, { now: new Date((1618884473 + 3600) * 1000), maxAgeSeconds: 1200 })).toEqual({ valid: false, reason: "expired" });
    expect(verifyMessageSignature(message, keys, { now: new Date((1618884473 - 3600) * 1000) })).toEqual({ valid: false, reason: "expired" });
    expect(verifyMessageSignature(message, keys, { ...at2021, requiredComponents: ["@authority"] })).toEqual({ valid: false, reason: "not_covered" });
    expect(verifyMessageSignature(message, [], at2021)).toEqual({ valid: false, reason: "no_key" });
    expect(verifyMessageSignature(rfcRequest(), keys, at2021)).toEqual({ valid: false, reason: "missing" });
    const noAlg = rfcRequest({ "Signature-Input": 's=("@method");keyid="k"', Signature: "s=:AAAA:" });
    expect(verifyMessageSignature(noAlg, keys, at2021)).toEqual({ valid: false, reason: "unsupported" });
  });
});
