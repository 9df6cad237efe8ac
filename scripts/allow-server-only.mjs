// Lets a command-line script load lib/ modules marked `import "server-only"` (the marker that keeps
// them out of browser bundles; Next resolves it to an empty module on the server, the tests alias
// it, and the npm package of that name is not installed). Loaded with `tsx --import` before the
// script, so the hook is in place before any of its imports is resolved.
import { register } from "node:module";

register(
  "data:text/javascript," +
    encodeURIComponent(
      "export async function resolve(specifier, context, next) {" +
        " return specifier === 'server-only' ? { url: 'data:text/javascript,', shortCircuit: true } : next(specifier, context); }",
    ),
);
