import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { makeSelfSignedCertificate } from "../../scripts/self-signed-certificate";

// The webhook tests' HTTPS receiver needs a certificate the delivery client trusts. This global
// setup makes a throwaway self-signed one (for 127.0.0.1 and localhost) before the test workers
// start, and trusts it the way an operator would trust a private CA: NODE_EXTRA_CA_CERTS, which
// Node reads when each worker process starts. The workers find key and certificate through
// WEBHOOK_TEST_TLS_DIR.
export default function setup() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pcs-webhook-tls-"));
  process.env.NODE_EXTRA_CA_CERTS = makeSelfSignedCertificate(dir).certFile;
  process.env.WEBHOOK_TEST_TLS_DIR = dir;
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
