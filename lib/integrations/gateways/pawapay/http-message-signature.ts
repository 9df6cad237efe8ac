import { constants, createHash, timingSafeEqual, verify, type KeyObject } from "node:crypto";

// Verifying an HTTP message signature (RFC 9421), as pawaPay signs its callbacks, with the body's
// Content-Digest (RFC 9530). Hand-written with node:crypto: the npm http-message-signatures
// (pawaPay's own Node sample uses it) does not fit as a whole: its verifyMessage reads the clock
// itself, verifies ECDSA only as r||s and is async (docs/operators-pawapay.md, "Wired"); its
// parser and base builder could replace ours. Only what verification needs is here, kept to the
// RFC's rules:
// - Signature-Input, Signature and Content-Digest are Structured Field dictionaries (RFC 8941):
//   parsed by the small parser below, which refuses what it does not understand;
// - the signature base (RFC 9421 §2.5): one line per covered component, `"name": value`, in the
//   order of Signature-Input, then `"@signature-params": ` and the inner list re-serialized;
// - the algorithms of §3.3: rsa-pss-sha512, rsa-v1_5-sha256, ecdsa-p256-sha256, ecdsa-p384-sha384
//   (pawaPay's four) and ed25519 (the RFC's own test vector). ECDSA signatures are r||s per the
//   RFC; a DER signature is also accepted, because pawaPay's Node sample signs with createSign(),
//   which makes DER (UNCONFIRMED which one its callbacks carry). Either encodes the same (r, s).
// Component identifiers with parameters (";sf", ";key", ";req"...) are refused as unsupported.

type Bare =
  | { type: "integer"; value: number }
  | { type: "decimal"; value: number }
  | { type: "string"; value: string }
  | { type: "token"; value: string }
  | { type: "bytes"; value: Buffer }
  | { type: "boolean"; value: boolean };
type Params = [string, Bare][];
type Item = { item: Bare; params: Params };
type InnerList = { list: Item[]; params: Params };
type Member = Item | InnerList;

class ParseError extends Error {}

/** RFC 8941 §4.2: a dictionary; throws ParseError on anything outside the grammar. */
export function parseDictionary(input: string): Map<string, Member> {
  const text = input.replace(/^ +| +$/g, "");
  let at = 0;
  const peek = () => text[at];
  const fail = (why: string): never => {
    throw new ParseError(`${why} at ${at}`);
  };
  const key = () => {
    const match = /^[a-z*][a-z0-9_.*-]*/.exec(text.slice(at));
    if (!match) fail("key");
    at += match![0].length;
    return match![0];
  };
  const bare = (): Bare => {
    const c = peek();
    if (c === '"') {
      at++;
      let value = "";
      for (;;) {
        const ch = text[at++];
        if (ch === undefined) fail("unterminated string");
        if (ch === "\\") {
          const next = text[at++];
          if (next !== '"' && next !== "\\") fail("bad escape");
          value += next;
        } else if (ch === '"') return { type: "string", value };
        else if (ch < " " || ch > "~") fail("bad string character");
        else value += ch;
      }
    }
    if (c === ":") {
      const end = text.indexOf(":", at + 1);
      if (end < 0) fail("unterminated byte sequence");
      const b64 = text.slice(at + 1, end);
      if (!/^[A-Za-z0-9+/]*={0,2}$/.test(b64)) fail("bad base64");
      at = end + 1;
      return { type: "bytes", value: Buffer.from(b64, "base64") };
    }
    if (c === "?") {
      const flag = text[at + 1];
      if (flag !== "0" && flag !== "1") fail("bad boolean");
      at += 2;
      return { type: "boolean", value: flag === "1" };
    }
    const number = /^-?\d{1,15}(\.\d{1,3})?/.exec(text.slice(at));
    if (number) {
      at += number[0].length;
      return number[1] ? { type: "decimal", value: Number(number[0]) } : { type: "integer", value: Number(number[0]) };
    }
    const token = /^[A-Za-z*][!#$%&'*+\-.^_`|~0-9A-Za-z:/]*/.exec(text.slice(at));
    if (token) {
      at += token[0].length;
      return { type: "token", value: token[0] };
    }
    return fail("bad item");
  };
  const params = (): Params => {
    const out: Params = [];
    while (peek() === ";") {
      at++;
      while (peek() === " ") at++;
      const name = key();
      let value: Bare = { type: "boolean", value: true };
      if (peek() === "=") {
        at++;
        value = bare();
      }
      const existing = out.findIndex(([k]) => k === name);
      if (existing >= 0) out.splice(existing, 1);
      out.push([name, value]);
    }
    return out;
  };
  const member = (): Member => {
    if (peek() !== "(") return { item: bare(), params: params() };
    at++;
    const list: Item[] = [];
    for (;;) {
      while (peek() === " ") at++;
      if (peek() === ")") {
        at++;
        return { list, params: params() };
      }
      list.push({ item: bare(), params: params() });
      if (peek() !== " " && peek() !== ")") fail("inner list");
    }
  };
  const dictionary = new Map<string, Member>();
  while (at < text.length) {
    const name = key();
    const value: Member = peek() === "=" ? (at++, member()) : { item: { type: "boolean", value: true }, params: params() };
    dictionary.delete(name);
    dictionary.set(name, value);
    while (peek() === " " || peek() === "\t") at++;
    if (at >= text.length) break;
    if (peek() !== ",") fail("expected a comma");
    at++;
    while (peek() === " " || peek() === "\t") at++;
    if (at >= text.length) fail("trailing comma");
  }
  return dictionary;
}

function serializeBare(value: Bare): string {
  switch (value.type) {
    case "string":
      return `"${value.value.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
    case "bytes":
      return `:${value.value.toString("base64")}:`;
    case "boolean":
      return value.value ? "?1" : "?0";
    default:
      return String(value.value);
  }
}

const serializeParams = (params: Params) =>
  params.map(([name, value]) => (value.type === "boolean" && value.value ? `;${name}` : `;${name}=${serializeBare(value)}`)).join("");

/** The value of "@signature-params" (RFC 9421 §2.3): the inner list of Signature-Input, serialized. */
export function serializeSignatureParams(entry: InnerList): string {
  return `(${entry.list.map((item) => serializeBare(item.item) + serializeParams(item.params)).join(" ")})${serializeParams(entry.params)}`;
}

export type SignedMessage = {
  method: string;
  /** The full URL the request was sent to, as the signer saw it (our public URL, not a proxy's). */
  url: URL;
  headers: Headers;
  /** The raw body, byte for byte as received. */
  body: string | Buffer;
};

/** One component's value in the signature base (RFC 9421 §2.1, §2.2); null when the message lacks it. */
function componentValue(name: string, message: SignedMessage): string | null {
  switch (name) {
    case "@method":
      return message.method;
    case "@authority":
      return message.url.host.toLowerCase();
    case "@scheme":
      return message.url.protocol.replace(/:$/, "").toLowerCase();
    case "@target-uri":
      return message.url.href;
    case "@path":
      return message.url.pathname || "/";
    case "@query":
      return message.url.search || "?";
    case "@request-target":
      return `${message.url.pathname || "/"}${message.url.search}`;
    default:
      if (name.startsWith("@")) return null;
      return message.headers.get(name)?.trim() ?? null;
  }
}

/** The signature base of one Signature-Input entry (RFC 9421 §2.5); throws when a component is missing or unsupported. */
export function signatureBase(entry: InnerList, message: SignedMessage): string {
  const lines: string[] = [];
  const seen = new Set<string>();
  for (const component of entry.list) {
    if (component.item.type !== "string") throw new ParseError("component identifier is not a string");
    if (component.params.length > 0) throw new ParseError(`component parameters are not supported (${component.item.value})`);
    const name = component.item.value;
    if (name !== name.toLowerCase() || seen.has(name)) throw new ParseError(`bad or repeated component ${name}`);
    seen.add(name);
    const value = componentValue(name, message);
    if (value === null) throw new ParseError(`the message has no ${name}`);
    if (/[\r\n]/.test(value)) throw new ParseError(`${name} spans lines`);
    lines.push(`"${name}": ${value}`);
  }
  lines.push(`"@signature-params": ${serializeSignatureParams(entry)}`);
  return lines.join("\n");
}

/** Content-Digest (RFC 9530) against the body: every sha-256 / sha-512 it carries must match; others are ignored. */
export function contentDigestMatches(header: string | null, body: string | Buffer): boolean {
  if (!header) return false;
  let digests: Map<string, Member>;
  try {
    digests = parseDictionary(header);
  } catch {
    return false;
  }
  let checked = 0;
  for (const [algorithm, hash] of [["sha-256", "sha256"], ["sha-512", "sha512"]] as const) {
    const member = digests.get(algorithm);
    if (!member) continue;
    if (!("item" in member) || member.item.type !== "bytes") return false;
    const expected = createHash(hash).update(body).digest();
    if (member.item.value.length !== expected.length || !timingSafeEqual(member.item.value, expected)) return false;
    checked++;
  }
  return checked > 0;
}

export const SIGNATURE_ALGORITHMS = ["rsa-pss-sha512", "rsa-v1_5-sha256", "ecdsa-p256-sha256", "ecdsa-p384-sha384", "ed25519"] as const;
export type SignatureAlgorithm = (typeof SIGNATURE_ALGORITHMS)[number];

/** Whether `signature` is `alg`'s signature of `data` by `key`; false when the key is not of that algorithm. */
export function verifyWithAlgorithm(alg: SignatureAlgorithm, key: KeyObject, data: Buffer, signature: Buffer): boolean {
  const type = key.asymmetricKeyType;
  const curve = key.asymmetricKeyDetails?.namedCurve;
  try {
    switch (alg) {
      case "rsa-pss-sha512":
        return (type === "rsa" || type === "rsa-pss") && verify("sha512", data, { key, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: 64 }, signature);
      case "rsa-v1_5-sha256":
        return type === "rsa" && verify("sha256", data, { key, padding: constants.RSA_PKCS1_PADDING }, signature);
      case "ecdsa-p256-sha256":
        return type === "ec" && curve === "prime256v1" && verify("sha256", data, { key, dsaEncoding: signature.length === 64 ? "ieee-p1363" : "der" }, signature);
      case "ecdsa-p384-sha384":
        return type === "ec" && curve === "secp384r1" && verify("sha384", data, { key, dsaEncoding: signature.length === 96 ? "ieee-p1363" : "der" }, signature);
      case "ed25519":
        return type === "ed25519" && verify(null, data, key, signature);
    }
  } catch {
    return false;
  }
}

/**
 * One key we trust. `alg`: the algorithm it is for, when known; a signature naming none is then
 * verified with it (RFC 9421 §3.2: "derived from the key material"), and one naming another is refused.
 */
export type VerificationKey = { keyId: string | null; key: KeyObject; alg?: SignatureAlgorithm };

export type SignatureCheck =
  | { valid: true; label: string; keyId: string | null; created: Date | null }
  | {
      valid: false;
      reason: "no_key" | "missing" | "malformed" | "not_covered" | "unsupported" | "expired" | "unknown_key" | "digest_mismatch" | "mismatch";
    };

export type VerifyOptions = {
  now?: Date;
  /** Components a signature must cover to be accepted (pawaPay's: the method, path and body digest at least). */
  requiredComponents?: readonly string[];
  /** A signature created longer ago than this is refused even without `expires`. */
  maxAgeSeconds?: number;
  /** Tolerated clock difference for `created` in the future and `expires` in the past. */
  clockSkewSeconds?: number;
};

const paramOf = (entry: InnerList, name: string) => entry.params.find(([key]) => key === name)?.[1];

/**
 * Checks the message's signatures against our keys: valid when one label's signature covers the
 * required components, is in date, matches the body's Content-Digest (when covered) and verifies
 * with a key of ours whose id matches its keyid (a key configured without an id is tried for any).
 */
export function verifyMessageSignature(message: SignedMessage, keys: VerificationKey[], options: VerifyOptions = {}): SignatureCheck {
  if (keys.length === 0) return { valid: false, reason: "no_key" };
  const inputHeader = message.headers.get("signature-input");
  const signatureHeader = message.headers.get("signature");
  if (!inputHeader || !signatureHeader) return { valid: false, reason: "missing" };
  let inputs: Map<string, Member>;
  let signatures: Map<string, Member>;
  try {
    inputs = parseDictionary(inputHeader);
    signatures = parseDictionary(signatureHeader);
  } catch {
    return { valid: false, reason: "malformed" };
  }
  const now = (options.now ?? new Date()).getTime() / 1000;
  const skew = options.clockSkewSeconds ?? 60;
  let failure: Extract<SignatureCheck, { valid: false }>["reason"] = "missing";
  for (const [label, entry] of inputs) {
    const signature = signatures.get(label);
    if (!("list" in entry) || !signature || !("item" in signature) || signature.item.type !== "bytes") {
      failure = "malformed";
      continue;
    }
    const check = checkOne(label, entry, signature.item.value);
    if (check.valid) return check;
    failure = check.reason;
  }
  return { valid: false, reason: failure };

  function checkOne(label: string, entry: InnerList, signature: Buffer): SignatureCheck {
    const covered = entry.list.map((component) => (component.item.type === "string" ? component.item.value : ""));
    if ((options.requiredComponents ?? []).some((name) => !covered.includes(name))) return { valid: false, reason: "not_covered" };
    const algParam = paramOf(entry, "alg");
    if (algParam && (algParam.type !== "string" || !(SIGNATURE_ALGORITHMS as readonly string[]).includes(algParam.value))) return { valid: false, reason: "unsupported" };
    const named = algParam?.value as SignatureAlgorithm | undefined;
    const created = paramOf(entry, "created");
    const expires = paramOf(entry, "expires");
    if ((created && created.type !== "integer") || (expires && expires.type !== "integer")) return { valid: false, reason: "malformed" };
    const createdAt = created ? (created.value as number) : null;
    if (createdAt !== null && createdAt > now + skew) return { valid: false, reason: "expired" };
    if (expires && (expires.value as number) < now - skew) return { valid: false, reason: "expired" };
    if (options.maxAgeSeconds !== undefined && (createdAt === null || now - createdAt > options.maxAgeSeconds)) return { valid: false, reason: "expired" };
    const keyid = paramOf(entry, "keyid");
    const wanted = keyid?.type === "string" ? keyid.value : null;
    const candidates = keys.filter((key) => (key.keyId === null || key.keyId === wanted) && (!named || !key.alg || key.alg === named));
    if (candidates.length === 0) return { valid: false, reason: "unknown_key" };
    if (!named && candidates.every((key) => !key.alg)) return { valid: false, reason: "unsupported" };
    if (covered.includes("content-digest") && !contentDigestMatches(message.headers.get("content-digest"), message.body)) {
      return { valid: false, reason: "digest_mismatch" };
    }
    let base: string;
    try {
      base = signatureBase(entry, message);
    } catch {
      return { valid: false, reason: "malformed" };
    }
    const data = Buffer.from(base, "utf8");
    const match = candidates.find((key) => {
      const alg = named ?? key.alg;
      return alg !== undefined && verifyWithAlgorithm(alg, key.key, data, signature);
    });
    if (!match) return { valid: false, reason: "mismatch" };
    return { valid: true, label, keyId: match.keyId ?? wanted, created: createdAt === null ? null : new Date(createdAt * 1000) };
  }
}

/** The Signature-Input entry of one label, parsed (for the tests of the signature base). */
export function signatureInputEntry(header: string, label: string): InnerList {
  const entry = parseDictionary(header).get(label);
  if (!entry || !("list" in entry)) throw new ParseError(`no inner list for ${label}`);
  return entry;
}
