// Runs once when the server process starts: check the configuration, then open and migrate the
// database so the first request does not pay for it.
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  if (process.env.NEXT_PHASE === "phase-production-build") return;
  const { config, ConfigError } = await import("./lib/config");
  try {
    config();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const { getDb } = await import("./db/client");
  await getDb();
}
