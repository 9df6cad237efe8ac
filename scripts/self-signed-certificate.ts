import { execFileSync } from "node:child_process";
import path from "node:path";

/**
 * A throwaway self-signed certificate for 127.0.0.1 and localhost, written to `dir` as key.pem and
 * cert.pem: for the local HTTPS webhook receivers of the tests and benches, which the app trusts
 * through NODE_EXTRA_CA_CERTS (as an operator would a private CA).
 */
export function makeSelfSignedCertificate(dir: string) {
  const keyFile = path.join(dir, "key.pem");
  const certFile = path.join(dir, "cert.pem");
  execFileSync("openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=127.0.0.1",
    "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost", "-keyout", keyFile, "-out", certFile], { stdio: "ignore" });
  return { keyFile, certFile };
}
