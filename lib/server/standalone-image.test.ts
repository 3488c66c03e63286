import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import {
  chmodSync,
  chownSync,
  cpSync,
  existsSync,
  lchownSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
} from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { validate } from "dockerfile-utils";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build, buildIsCurrent, root, SOURCES, standaloneIsCurrent } from "@/lib/cli/build.mjs";
import { dockerignore, parseDockerfile } from "@/lib/testing/dockerfile";

// The container image, without a container engine: its runtime stage's files are laid out from
// a real `next build` as the Dockerfile's COPY lines lay them out, in a directory that stands for
// the image's root, and started with its ENV and CMD (the port and every path moved into that
// directory), as its USER when the test may switch users. Then the server must say it is ready,
// answer /health and the HEALTHCHECK, set up, serve the API, the pages and their files, keep its
// data across a restart, and stop. On the embedded database by default; on the PostgreSQL
// database of this file's own (lib/testing/setup-database.ts) when DATABASE_URL is set.

const dockerfileText = readFileSync(path.join(root, "Dockerfile"), "utf8");
const stages = parseDockerfile(dockerfileText);
const runtime = stages.at(-1)!;
// The stage whose files the runtime copies: the context copied into its WORKDIR, then built.
const buildStage = stages.find((stage) => stage.name === "build");

/** The user the image's processes run as, by the uid and gid of the official node images. */
const IMAGE_USERS: Record<string, { uid: number; gid: number }> = {
  node: { uid: 1000, gid: 1000 },
  root: { uid: 0, gid: 0 },
};
// Only root may run the server as another user; anyone else runs it as themselves.
const switchUser = process.getuid?.() === 0;

function imageUser(name: string): { uid: number; gid: number } {
  const [user = "", group] = name.split(":");
  const found = IMAGE_USERS[user];
  if (!found || (group !== undefined && group !== user)) {
    throw new Error(
      `the image's user ${name} is not one this test knows (${Object.keys(IMAGE_USERS)})`,
    );
  }
  return found;
}

function chownTree(target: string, owner: { uid: number; gid: number }): void {
  lchownSync(target, owner.uid, owner.gid);
  if (lstatSync(target).isDirectory()) {
    for (const child of readdirSync(target)) chownTree(path.join(target, child), owner);
  }
}

/** A path in the image (absolute, or relative to the runtime's WORKDIR) within `imageRoot`. */
const inImage = (imageRoot: string, file: string) =>
  path.join(imageRoot, path.posix.resolve(runtime.workdir, file));

/** Where a COPY's source lives on this machine. */
function sourceOf(from: string | null, source: string): string {
  if (from === null) return path.join(root, source);
  if (from !== buildStage?.name) {
    throw new Error(`COPY --from=${from}: this test reproduces copies from the build stage only`);
  }
  const relative = path.posix.relative(buildStage.workdir, source);
  if (relative.startsWith("..") || path.posix.isAbsolute(relative)) {
    throw new Error(
      `COPY --from=${from} ${source}: not under the build stage's ${buildStage.workdir}`,
    );
  }
  return path.join(root, relative);
}

/** The runtime stage's RUN lines and COPY lines, done into `imageRoot`. */
function assemble(imageRoot: string): void {
  for (const run of runtime.runs) {
    // The one kind of RUN this test can reproduce: folders made and given to a user.
    const made = /^mkdir -p ((?:\/\S+\s*)+)&& chown (\S+) ((?:\/\S+\s*)+)$/.exec(run);
    if (!made) throw new Error(`RUN ${run}: not a line this test knows how to reproduce`);
    for (const dir of made[1]!.trim().split(/\s+/))
      mkdirSync(inImage(imageRoot, dir), { recursive: true });
    for (const dir of made[3]!.trim().split(/\s+/)) {
      const owner = imageUser(made[2]!);
      if (switchUser) chownSync(inImage(imageRoot, dir), owner.uid, owner.gid);
    }
  }
  for (const copy of runtime.copies) {
    for (const source of copy.sources) {
      const from = sourceOf(copy.from, source);
      if (!existsSync(from)) {
        throw new Error(
          `COPY ${copy.from ? `--from=${copy.from} ` : ""}${source}: ${path.relative(root, from)} does not exist after the build`,
        );
      }
      let dest = inImage(imageRoot, copy.dest);
      if (!statSync(from).isDirectory() && copy.dest.endsWith("/")) {
        dest = path.join(dest, path.basename(from));
      }
      mkdirSync(path.dirname(dest), { recursive: true });
      // A folder's contents go into the destination; links stay links, as COPY keeps them.
      cpSync(from, dest, { recursive: true, verbatimSymlinks: true });
      if (copy.chown && switchUser) chownTree(dest, imageUser(copy.chown));
    }
  }
}

/** A server started from the assembled image, collecting what it prints. */
class ImageProcess {
  output = "";
  private readonly child: ChildProcess;
  readonly exited: Promise<number | null>;

  constructor(
    readonly imageRoot: string,
    readonly env: Record<string, string>,
  ) {
    const [program, ...args] = runtime.cmd!;
    this.child = spawn(program === "node" ? process.execPath : program!, args, {
      cwd: inImage(imageRoot, "."),
      env: env as NodeJS.ProcessEnv,
      stdio: ["ignore", "pipe", "pipe"],
      ...(switchUser && runtime.user ? imageUser(runtime.user) : {}),
    });
    for (const stream of [this.child.stdout!, this.child.stderr!]) {
      stream.setEncoding("utf8");
      stream.on("data", (chunk: string) => (this.output += chunk));
    }
    this.exited = new Promise((resolve) => this.child.once("exit", (code) => resolve(code)));
  }

  /** Waits until /health answers 200 and the server has printed `text`. */
  async ready(port: number, text: string): Promise<void> {
    const until = Date.now() + 60_000;
    for (;;) {
      // Next.js keeps listening when its start-up fails; the test need not wait out the minute.
      const failed = this.output.includes("Failed to prepare server");
      if (failed || this.child.exitCode !== null || Date.now() > until) {
        throw new Error(`The server did not get ready. Its output:\n${this.output}`);
      }
      const health = await fetch(`http://127.0.0.1:${port}/health`).catch(() => null);
      if (health?.status === 200 && this.output.includes(text)) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  async stop(): Promise<number | null> {
    if (this.child.exitCode === null) this.child.kill("SIGTERM");
    return this.exited;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** The HEALTHCHECK's command, run as the image runs it; answers its exit status. */
function healthcheck(imageRoot: string, env: Record<string, string>): number | null {
  const [program, ...args] = runtime.healthcheck!.command;
  return spawnSync(program === "node" ? process.execPath : program!, args, {
    cwd: inImage(imageRoot, "."),
    env: env as NodeJS.ProcessEnv,
    timeout: 10_000,
    ...(switchUser && runtime.user ? imageUser(runtime.user) : {}),
  }).status;
}

let imageRoot = "";

beforeAll(async () => {
  // One build serves `npm start`, the browser journeys and this test (lib/cli/build.mjs): a
  // current one is used as it is, else it is made with the build stage's environment.
  if (!(buildIsCurrent() && standaloneIsCurrent())) {
    const { status, output } = await build(
      { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...buildStage?.env },
      "pipe",
    );
    if (status !== 0) throw new Error(`next build failed:\n${output}`);
  }
  if (!standaloneIsCurrent()) {
    throw new Error(
      "next build made no .next/standalone for this build: the Dockerfile's build stage must set BUILD_OUTPUT=standalone (see next.config.ts).",
    );
  }
  imageRoot = mkdtempSync(path.join(tmpdir(), "allclear-image-"));
  chmodSync(imageRoot, 0o755);
  assemble(imageRoot);
}, 300_000);

afterAll(() => {
  if (imageRoot) rmSync(imageRoot, { recursive: true, force: true });
});

describe("the Dockerfile", () => {
  it("has no problems the Dockerfile linter finds", () => {
    expect(validate(dockerfileText)).toEqual([]);
  });

  it("builds as `npm start` does, standalone, on the Node.js that package.json asks for", () => {
    const pkg = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
    expect(buildStage, "a stage named build").toBeDefined();
    expect(buildStage!.copies).toContainEqual({
      from: null,
      chown: null,
      sources: ["."],
      dest: ".",
    });
    expect(buildStage!.env.BUILD_OUTPUT).toBe("standalone");
    expect(buildStage!.runs.at(-1)).toBe("npm run build");
    expect(pkg.scripts.build).toBe("next build");
    // node:<major>-… images follow the newest release of their major version, so the major
    // must be one engines.node accepts from some minor on (`^M.m.p` or `>=M.m.p`).
    const majors = [...String(pkg.engines.node).matchAll(/(?:\^|>=)(\d+)\.\d+/g)].map((m) => m[1]);
    for (const stage of stages) {
      const major = /^node:(\d+)-/.exec(stage.image)?.[1];
      expect(majors, `${stage.image} within engines.node ${pkg.engines.node}`).toContain(major);
    }
  });

  it("runs unprivileged, keeps its data in its volume and checks its own health", () => {
    expect(runtime.user).toBe("node");
    expect(runtime.volumes).toEqual(["/data"]);
    expect(runtime.env.PGLITE_DIR).toMatch(/^\/data\//);
    expect(runtime.env.PUBLIC_COPY_FILE).toMatch(/^\/data\//);
    expect(runtime.env.NODE_ENV).toBe("production");
    // Docker sets HOSTNAME to the container's name; the server would listen on that alone.
    expect(runtime.env.HOSTNAME).toBe("0.0.0.0");
    expect(runtime.exposes).toEqual([runtime.env.PORT]);
    expect(runtime.healthcheck?.command.join(" ")).toContain("/health");
  });

  it("leaves local files out of the build context and keeps every source in", () => {
    const ignored = dockerignore(readFileSync(path.join(root, ".dockerignore"), "utf8"));
    for (const local of ["node_modules", ".next", ".data/pglite", ".env", ".env.local", ".git"]) {
      expect(ignored(local), local).toBe(true);
    }
    // public/ is not built from but served from disk, beside the server.
    const sources = [...SOURCES, "public"];
    const walk = (file: string): string[] =>
      statSync(path.join(root, file)).isDirectory()
        ? readdirSync(path.join(root, file)).flatMap((child) => walk(`${file}/${child}`))
        : [file];
    const left = sources.flatMap(walk).filter(ignored);
    expect(left).toEqual([]);
  });
});

describe("the image's files", () => {
  it("serve the app: ready message, health, setup, API, pages and files, restart, stop", async () => {
    const port = await freePort();
    const base = `http://localhost:${port}`;
    const at = `http://127.0.0.1:${port}`;
    const env: Record<string, string> = { PATH: process.env.PATH ?? "" };
    for (const [name, value] of Object.entries(runtime.env)) {
      env[name] = value.startsWith("/") ? path.join(imageRoot, value) : value;
    }
    env.PORT = String(port);
    if (process.env.DATABASE_URL) {
      // As compose.yaml runs it: PostgreSQL, and the secret production requires with it.
      env.DATABASE_URL = process.env.DATABASE_URL;
      env.BETTER_AUTH_SECRET = randomBytes(32).toString("base64");
    }

    const first = new ImageProcess(imageRoot, env);
    try {
      await first.ready(port, `Allclear is ready on ${base}\nSet it up at ${base}/setup?token=`);
      expect(healthcheck(imageRoot, env)).toBe(0);

      const setupPage = await fetch(`${at}/setup`);
      expect(setupPage.status).toBe(200);
      const script = /\/_next\/static\/[^"']+\.js/.exec(await setupPage.text());
      expect(script, "the setup page links its scripts").not.toBeNull();
      expect((await fetch(`${at}${script![0]}`)).status).toBe(200);
      for (const file of ["/status.css", "/status.js", "/icon.svg"]) {
        expect((await fetch(`${at}${file}`)).status, file).toBe(200);
      }

      // From this machine, setup needs no token, as from inside the container.
      const setup = await fetch(`${at}/v1/setup`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: base },
        body: JSON.stringify({
          workspaceName: "Image Works",
          name: "Owner",
          email: "owner@example.com",
          password: "an image owner password",
        }),
      });
      expect(setup.status, await setup.clone().text()).toBe(201);
      const cookie = setup.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; ");
      const workspace = await fetch(`${at}/v1/workspace`, { headers: { cookie } });
      expect(workspace.status).toBe(200);
      expect((await workspace.json()).name).toBe("Image Works");
      await expect
        .poll(async () => (await fetch(`${at}/`)).text(), { timeout: 10_000 })
        .toContain("Image Works");
    } finally {
      await first.stop();
    }
    expect(first.output).not.toMatch(/EACCES|EROFS|Error:/);
    // The embedded database lives in the volume; with DATABASE_URL, nothing is made there.
    expect(existsSync(env.PGLITE_DIR!)).toBe(!process.env.DATABASE_URL);
    expect(healthcheck(imageRoot, env)).not.toBe(0);

    // Started again on the same data: set up already, so the ready message is one line.
    const second = new ImageProcess(imageRoot, env);
    try {
      await second.ready(port, `Allclear is ready on ${base}\n`);
      expect(second.output).not.toContain("Set it up");
      expect(await (await fetch(`${at}/`)).text()).toContain("Image Works");
    } finally {
      await second.stop();
    }
  }, 120_000);
});
