// Types of server/security-txt.cjs, for the TypeScript tests.
import type { IncomingMessage, ServerResponse } from "node:http";

export declare const SECURITY_TXT_PATH: "/.well-known/security.txt";
export declare function securityTxt(env?: NodeJS.ProcessEnv, host?: string, now?: Date): string;
export declare function answerSecurityTxt(req: IncomingMessage, res: ServerResponse): void;
