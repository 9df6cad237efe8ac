/**
 * The hosts account mails may point at when BETTER_AUTH_URL is unset (development): the
 * BETTER_AUTH_ALLOWED_HOSTS list, default the local machine. A pattern "host:*" allows any port.
 */
export function authAllowedHosts(): string[] {
  const listed = process.env.BETTER_AUTH_ALLOWED_HOSTS?.split(",").map((host) => host.trim()).filter(Boolean);
  return listed?.length ? listed : ["localhost", "localhost:*", "127.0.0.1", "127.0.0.1:*"];
}

export function isAllowedAuthHost(host: string, allowed = authAllowedHosts()): boolean {
  const wanted = host.trim().toLowerCase();
  return allowed.some((pattern) => {
    const p = pattern.toLowerCase();
    return p.endsWith(":*") ? wanted === p.slice(0, -2) || (wanted.startsWith(p.slice(0, -1)) && /^\d+$/.test(wanted.slice(p.length - 1))) : wanted === p;
  });
}
