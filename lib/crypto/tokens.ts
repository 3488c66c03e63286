import { createHash } from "node:crypto";

/** A single-use token as stored: its SHA-256, so the database never holds a usable link. */
export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
