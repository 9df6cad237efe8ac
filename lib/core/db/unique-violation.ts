import { Prisma } from "@prisma/client";

/**
 * A unique index refused the write: Prisma's P2002, or, through a driver adapter (PGlite's, pg's
 * inside some transactions), its DriverAdapterError carrying PostgreSQL's own code 23505.
 */
export function isUniqueViolation(error: unknown): boolean {
  if (error instanceof Prisma.PrismaClientKnownRequestError) return error.code === "P2002";
  const cause = (error as { name?: string; cause?: { code?: unknown } } | null) ?? null;
  return cause?.name === "DriverAdapterError" && cause.cause?.code === "23505";
}
