// Runs once when the server process starts (Node.js runtime only).
export async function register(): Promise<void> {
  if (
    process.env.NEXT_RUNTIME === "nodejs" &&
    process.env.NEXT_PHASE !== "phase-production-build"
  ) {
    const { startServer } = await import("./lib/server/start");
    await startServer();
    // The Inngest client hands lib/ the sender its announcements use (lib/ never imports inngest/).
    await import("./inngest/client");
  }
}
