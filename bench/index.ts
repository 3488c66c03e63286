// `npm run bench -- <name>` runs bench/<name>.ts; without a name it lists them.
import { readdirSync } from "node:fs";
import path from "node:path";

const dir = import.meta.dirname;
const available = readdirSync(dir)
  .filter((file) => file.endsWith(".ts") && file !== "index.ts")
  .map((file) => path.basename(file, ".ts"));
const name = process.argv[2];

if (!name || !available.includes(name)) {
  console.log(`Usage: npm run bench -- <name>\nAvailable: ${available.join(", ") || "(none yet)"}`);
  process.exit(name ? 1 : 0);
}
await import(path.join(dir, `${name}.ts`));
