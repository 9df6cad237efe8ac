// Next calls register() once when a server process starts, in each runtime. All of it needs
// Node.js, so it lives in instrumentation-node.ts behind this condition, which Next's Edge
// compile drops with the import: with an early `return` instead, `next dev` compiled the Node
// code for Edge too and printed ~1,300 "Ecmascript file had an error" blocks about process.on.
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { registerNode } = await import("./instrumentation-node");
    await registerNode();
  }
}
