// A form that sends the visitor back where they were (the language switch) names that place in a
// field anyone can forge, so only a path on this site may come out of it.

// A stand-in origin, only to tell a path on this site from a URL that leaves it; .invalid never resolves.
const THIS_SITE = "http://this-site.invalid";

/**
 * The path (with query and fragment) to send a visitor back to, or `fallback` when `candidate` is not
 * a path on this site. Parsed as a browser would, so "//host", "/\host" or "/<tab>/host", which a
 * browser reads as another site, are refused; the result is URL-encoded, so it is a valid Location.
 */
export function sameOriginPath(candidate: unknown, fallback = "/"): string {
  if (typeof candidate !== "string" || !candidate.startsWith("/")) return fallback;
  let url: URL;
  try {
    url = new URL(candidate, THIS_SITE);
  } catch {
    return fallback;
  }
  // A path that normalizes to "//..." ("/.//evil.example", "/..//evil.example") stays on this site
  // here, but as a Location it is protocol-relative: another site.
  const path = `${url.pathname}${url.search}${url.hash}`;
  return url.origin === THIS_SITE && !path.startsWith("//") ? path : fallback;
}
