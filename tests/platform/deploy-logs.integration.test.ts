import fs from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { loggableUrl } from "@/lib/core/logging/loggable-url";

// Issue 34 (7): no log line prints a query string or the SMS delivery reports' path secret: the
// app's (lib/core/logging/loggable-url.ts), our server's (server/app-server.cjs, plain CommonJS
// with its own copy of the rule) and the load balancer's access log (deploy/nginx.conf).

const { loggableUrl: serverLoggableUrl } = createRequire(import.meta.url)("../../server/app-server.cjs") as { loggableUrl: (url: string) => string };

const CASES: [url: string, logged: string][] = [
  ["/api/sms/africastalking/delivery-reports/s3cr3t", "/api/sms/africastalking/delivery-reports/[redacted]"],
  ["/api/sms/africastalking/delivery-reports/s3cr3t?key=s3cr3t", "/api/sms/africastalking/delivery-reports/[redacted]"],
  ["/API/SMS/africastalking/Delivery-Reports//s3cr3t/x", "/API/SMS/africastalking/Delivery-Reports/[redacted]"],
  ["http://pay.test/api/sms/africastalking/delivery-reports/s3cr3t", "http://pay.test/api/sms/africastalking/delivery-reports/[redacted]"],
  ["/api/sms/africastalking/delivery-reports?key=s3cr3t", "/api/sms/africastalking/delivery-reports"],
  ["/api/operators/orange-money/callback?apiKey=s3cr3t#frag", "/api/operators/orange-money/callback"],
  ["/api/v4/payments/link", "/api/v4/payments/link"],
];

describe("what a log line prints of a URL", () => {
  it.each(CASES)("%s is logged as %s, by the app and by our server alike", (url, logged) => {
    expect(loggableUrl(url)).toBe(logged);
    expect(serverLoggableUrl(url)).toBe(logged);
  });
});

describe("deploy/nginx.conf's access log", () => {
  const conf = fs.readFileSync("deploy/nginx.conf", "utf8");

  it("uses a format of its own that prints the path without the query string, the reports' secret redacted", () => {
    const format = /log_format\s+(\w+)\s+([\s\S]*?);/.exec(conf);
    expect(format).not.toBeNull();
    const [, name, body] = format!;
    // $request and $request_uri hold the query string; $args and $query_string are it; a Referer may carry one.
    expect(body).not.toMatch(/\$(request\b|request_uri|args|query_string|arg_|http_referer)/);
    expect(body).toContain("$loggable_path");
    expect(conf).toMatch(new RegExp(`access_log\\s+\\S+\\s+${name};`));
    expect(conf).not.toMatch(/access_log\s+\S+\s*;/);
    // The map that makes $loggable_path: the same rule as the app's.
    const map = /map \$uri \$loggable_path \{\s*"~\*([^"]+)" "([^"]+)";\s*default \$uri;/.exec(conf);
    expect(map).not.toBeNull();
    const pattern = new RegExp(map![1], "i");
    const nginxLogs = (uri: string) => (pattern.test(uri) ? map![2].replace("$reports", pattern.exec(uri)!.groups!.reports) : uri);
    expect(nginxLogs("/api/sms/africastalking/delivery-reports/s3cr3t")).toBe("/api/sms/africastalking/delivery-reports/[redacted]");
    expect(nginxLogs("/test/api/sms/africastalking/delivery-reports/s3cr3t")).toBe("/test/api/sms/africastalking/delivery-reports/[redacted]");
    expect(nginxLogs("/api/v4/payments/link")).toBe("/api/v4/payments/link");
  });
});
