// autocannon through its API, in its own process as its command line runs (scripts/bench.ts), for
// what that command line cannot say: a header carrying a new id in every request (its argument
// parser reads the brackets of "[<id>]" as a nested argument). Prints the result as `--json` does.
//   node scripts/bench-autocannon.cjs '{"url": ..., "headers": {...}, "idReplacement": true, ...}'
"use strict";
const autocannon = require("autocannon");

autocannon(JSON.parse(process.argv[2]), (error, result) => {
  if (error) {
    console.error(error.message);
    process.exit(1);
  }
  process.stdout.write(JSON.stringify(result));
});
