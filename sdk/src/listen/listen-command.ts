import { help, parseListenArgs, usage, SDK_COMMAND } from "./listen-options.js";
import { runListen } from "./run-listen.js";

/**
 * The listen command, as a process runs it: `npx @pcs/sdk listen ...` (the SDK's bin, cli.ts) and
 * `npm run webhooks:listen -- ...` (the repository's script) both call this. Answers the exit
 * code: 0 after Ctrl-C or --help, 2 for a bad command line, 1 when the service refuses.
 */
export async function listenCommand(args: string[], options: { command?: string; env?: NodeJS.ProcessEnv } = {}): Promise<number> {
  const command = options.command ?? SDK_COMMAND;
  if (args.includes("--help") || args.includes("-h")) {
    console.log(help(command));
    return 0;
  }
  let parsed;
  try {
    parsed = parseListenArgs(args, options.env ?? process.env, command);
  } catch (error) {
    console.error((error as Error).message);
    if (!(error as Error).message.includes("Usage:")) console.error(usage(command));
    return 2;
  }

  const stop = new AbortController();
  const abort = () => stop.abort();
  process.once("SIGINT", abort);
  process.once("SIGTERM", abort);
  try {
    await runListen({ ...parsed, signal: stop.signal, print: (line) => console.log(line) });
    return 0;
  } catch (error) {
    console.error((error as Error).message);
    return 1;
  } finally {
    process.off("SIGINT", abort);
    process.off("SIGTERM", abort);
  }
}
