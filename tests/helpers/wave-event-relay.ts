import { sendJson, startFakeServer } from "../fakes/fake-http";
import type { WaveFake } from "../fakes/wave-fake";
import { call } from "./api-client";

/**
 * Wave's events, sent by the fake over real HTTP, reach the in-process route
 * /api/operators/wave/callback through this relay, with the headers Wave authenticates them by.
 */
export async function startWaveEventRelay(fake: WaveFake) {
  const relay = await startFakeServer(async (request, res) => {
    const forwarded = Object.fromEntries(
      ["wave-signature", "authorization"].flatMap((name) => (request.headers[name] ? [[name, String(request.headers[name])]] : [])),
    );
    const answer = await call("POST", "/api/operators/wave/callback", { rawBody: request.body, headers: { "content-type": "application/json", ...forwarded } });
    sendJson(res, answer.status, answer.body);
  });
  fake.sendEventsTo(`${relay.url}/api/operators/wave/callback`);
  return relay;
}
