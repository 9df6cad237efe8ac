// Types of server/customer-posts.cjs, for the TypeScript tests that compare it with the routes' rule.
import type { IncomingMessage, ServerResponse } from "node:http";

export declare const CUSTOMER_POST_MAX_BYTES: number;
export declare function customerPostOf(path: string): { kind: "form"; backPath: string } | { kind: "json" } | null;
export declare function tooLargeFormPage(backPath: string): string;
export declare function customerPostGate(req: IncomingMessage, res: ServerResponse, path: string, next: () => void): void;
