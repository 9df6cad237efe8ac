import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

// The webhook tests' HTTPS receiver needs a certificate the delivery client trusts. This global
// setup makes a throwaway self-signed one (for 127.0.0.1 and localhost) before the test workers
// start, and trusts it the way an operator would trust a private CA: NODE_EXTRA_CA_CERTS, which
// Node reads when each worker process starts. The workers find key and certificate through
// WEBHOOK_TEST_TLS_DIR.
export default function setup() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pcs-webhook-tls-"));
  execFileSync(
    "openssl",
    ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=127.0.0.1",
      "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost",
      "-keyout", path.join(dir, "key.pem"), "-out", path.join(dir, "cert.pem")],
    { stdio: "ignore" },
  );
  process.env.NODE_EXTRA_CA_CERTS = path.join(dir, "cert.pem");
  process.env.WEBHOOK_TEST_TLS_DIR = dir;
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
