import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");

/** A program of ours run as a process of its own (through tsx), as a deployment runs it. */
export class Program {
  readonly output: string[] = [];
  private readonly child: ChildProcess;
  private readonly exited: Promise<number | null>;

  constructor(script: string, env: Record<string, string> = {}, args: string[] = []) {
    // node itself, not npx or npm: signals must reach the program, not a wrapper around it.
    this.child = spawn(process.execPath, ["--import", "tsx", script, ...args], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    for (const stream of [this.child.stdout!, this.child.stderr!]) {
      stream.setEncoding("utf8");
      stream.on("data", (chunk: string) => this.output.push(chunk));
    }
    this.exited = new Promise((resolve) => this.child.once("exit", (code) => resolve(code)));
  }

  /** Waits until the program has printed `text`. */
  async printed(text: string, timeoutMs = 30_000): Promise<void> {
    const until = Date.now() + timeoutMs;
    while (!this.output.join("").includes(text)) {
      if (this.child.exitCode !== null || Date.now() > until) {
        throw new Error(`${text} not printed. Output:\n${this.output.join("")}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** Waits until it ends by itself; answers its exit code. */
  finished(): Promise<number | null> {
    return this.exited;
  }

  /** Freezes the process (as a VM pause or a starved host would) until `resume`. */
  pause(): void {
    this.child.kill("SIGSTOP");
  }

  resume(): void {
    this.child.kill("SIGCONT");
  }

  /** Kills it outright: nothing it holds is let go or finished. */
  async kill(): Promise<void> {
    this.child.kill("SIGKILL");
    await this.exited;
  }

  /** Asks it to stop as a deployment would (SIGTERM) and waits until it has. */
  async stop(): Promise<number | null> {
    this.child.kill("SIGTERM");
    return this.exited;
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
