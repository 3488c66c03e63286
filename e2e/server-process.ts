import { spawn, type ChildProcess } from "node:child_process";

/** A server process of a journey's own (`npm start`'s script), on its own port and data. */
export class ServerProcess {
  private child: ChildProcess | null = null;
  readonly base: string;
  /** Everything the server has written to stdout and stderr so far. */
  output = "";

  /** `base`: the BASE_URL the server is started with, when not http://localhost:<port>. */
  constructor(
    readonly port: number,
    private readonly env: Record<string, string | undefined>,
    base?: string,
  ) {
    this.base = base ?? `http://localhost:${port}`;
  }

  async start(): Promise<number> {
    this.child = spawn(process.execPath, ["lib/cli/start.mjs"], {
      env: { ...process.env, ...this.env, PORT: String(this.port), BASE_URL: this.base },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    for (const stream of [this.child.stdout!, this.child.stderr!]) {
      stream.setEncoding("utf8");
      stream.on("data", (chunk: string) => {
        this.output += chunk;
        // The server's output goes to the test's stderr only when asked for (debugging).
        if (process.env.E2E_SERVER_LOG) process.stderr.write(chunk);
      });
    }
    for (let i = 0; i < 600; i++) {
      try {
        if ((await fetch(`http://localhost:${this.port}/health`)).ok) return Date.now();
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error("the server did not start");
  }

  /** SIGKILL for the whole process group: npm start's script and the Next.js server under it. */
  kill(): void {
    if (this.child?.pid) {
      try {
        process.kill(-this.child.pid, "SIGKILL");
      } catch {
        // already gone
      }
    }
    this.child = null;
  }

  /** Sets the deployment up and answers a function that calls the API as its owner. */
  async owner() {
    const setup = await fetch(`${this.base}/v1/setup`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: this.base },
      body: JSON.stringify({
        workspaceName: "Journey",
        name: "J",
        email: "j@example.com",
        password: "journey password",
      }),
    });
    if (setup.status !== 201) throw new Error(`setup: ${setup.status}`);
    const cookie = setup.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    return async (method: string, path: string, body?: unknown) => {
      const response = await fetch(`${this.base}${path}`, {
        method,
        headers: { "content-type": "application/json", origin: this.base, cookie },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return {
        status: response.status,
        headers: response.headers,
        body: await response.json().catch(() => null),
      };
    };
  }
}
