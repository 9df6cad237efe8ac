// Tests write data: refuse to run them against anything but a database on this machine.
export function assertLocalDatabase(url: string) {
  const host = new URL(url).hostname;
  if (!["localhost", "127.0.0.1", "::1", "[::1]", ""].includes(host)) {
    throw new Error(`Refusing to run tests against the non-local database host "${host}"`);
  }
}
