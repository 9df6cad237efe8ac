// Types of server/front-door.cjs, for the TypeScript tests that put it on their servers.
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { Duplex } from "node:stream";

type Handler = (req: IncomingMessage, res: ServerResponse) => void;
export declare function attachFrontDoor<S extends Server>(server: S, handOn: Handler): S;
export declare function frontDoor(handOn: Handler): Handler;
export declare function onClientError(error: Error & { code?: string }, socket: Duplex): void;
export declare function refuseConnect(req: IncomingMessage, socket: Duplex): void;
export declare const UNROUTED_METHOD_HEADER: "x-pcs-unrouted-method";
export declare const API_TREES: RegExp;
export declare const PAGE_METHODS: string;
