/**
 * Reads a Dockerfile into its stages and instructions, for tests that reproduce what an image
 * holds. It knows the instructions and forms this project's Dockerfile uses and throws on any
 * other, so a Dockerfile that outgrows it fails the test rather than being half understood.
 */

export type Copy = { from: string | null; chown: string | null; sources: string[]; dest: string };

export type Stage = {
  name: string;
  image: string;
  workdir: string;
  env: Record<string, string>;
  copies: Copy[];
  runs: string[];
  user: string | null;
  volumes: string[];
  exposes: string[];
  healthcheck: { options: Record<string, string>; command: string[] } | null;
  cmd: string[] | null;
};

/** The instructions of a Dockerfile: continuation lines joined, comments and blanks left out. */
export function instructions(text: string): { keyword: string; args: string; line: number }[] {
  const result: { keyword: string; args: string; line: number }[] = [];
  let pending: { text: string; line: number } | null = null;
  text.split("\n").forEach((raw, index) => {
    const line = raw.trimEnd();
    if (pending === null && (line.trim() === "" || line.trimStart().startsWith("#"))) return;
    if (pending !== null && line.trimStart().startsWith("#")) return;
    const continued = line.endsWith("\\");
    const part = continued ? line.slice(0, -1) : line;
    pending = pending
      ? { text: `${pending.text} ${part.trim()}`, line: pending.line }
      : { text: part.trim(), line: index + 1 };
    if (continued) return;
    const [keyword = "", ...rest] = pending.text.split(/\s+/);
    result.push({
      keyword: keyword.toUpperCase(),
      args: rest.join(" ").trim(),
      line: pending.line,
    });
    pending = null;
  });
  return result;
}

/** `KEY=value KEY2="value two"` pairs. */
function envPairs(args: string, line: number): Record<string, string> {
  const pairs: Record<string, string> = {};
  const pattern = /([A-Za-z_][A-Za-z0-9_]*)=("(?:[^"\\]|\\.)*"|\S*)\s*/gy;
  let match: RegExpExecArray | null;
  while ((match = pattern.exec(args)) !== null && match[0] !== "") {
    const value = match[2]!;
    pairs[match[1]!] = value.startsWith('"') ? (JSON.parse(value) as string) : value;
    if (pattern.lastIndex === args.length) return pairs;
  }
  throw new Error(`line ${line}: ENV must be KEY=value pairs: ${args}`);
}

/** An instruction's exec form, `["node", "server.js"]`; the shell form is refused. */
function execForm(args: string, line: number): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(args);
  } catch {
    throw new Error(`line ${line}: use the exec form ["program", "argument", …]: ${args}`);
  }
  if (!Array.isArray(parsed) || parsed.length === 0 || parsed.some((p) => typeof p !== "string")) {
    throw new Error(`line ${line}: the exec form is a non-empty list of strings: ${args}`);
  }
  return parsed as string[];
}

/** `--name=value` flags before an instruction's arguments. */
function flags(args: string, allowed: string[], line: number) {
  const words = args.split(/\s+/);
  const found: Record<string, string> = {};
  while (words[0]?.startsWith("--")) {
    const [name, value] = words.shift()!.slice(2).split("=", 2) as [string, string | undefined];
    if (!allowed.includes(name) || value === undefined) {
      throw new Error(`line ${line}: flag --${name} is not one this reading knows`);
    }
    found[name] = value;
  }
  return { flags: found, rest: words.join(" ") };
}

export function parseDockerfile(text: string): Stage[] {
  const stages: Stage[] = [];
  for (const { keyword, args, line } of instructions(text)) {
    if (keyword === "FROM") {
      const match = /^(\S+)(?:\s+AS\s+(\S+))?$/i.exec(args);
      if (!match) throw new Error(`line ${line}: FROM image [AS name]: ${args}`);
      stages.push({
        name: match[2] ?? String(stages.length),
        image: match[1]!,
        workdir: "/",
        env: {},
        copies: [],
        runs: [],
        user: null,
        volumes: [],
        exposes: [],
        healthcheck: null,
        cmd: null,
      });
      continue;
    }
    const stage = stages.at(-1);
    if (!stage) throw new Error(`line ${line}: ${keyword} before any FROM`);
    switch (keyword) {
      case "WORKDIR":
        if (!args.startsWith("/")) throw new Error(`line ${line}: WORKDIR must be absolute`);
        stage.workdir = args;
        break;
      case "ENV":
        Object.assign(stage.env, envPairs(args, line));
        break;
      case "COPY": {
        const parsed = flags(args, ["from", "chown"], line);
        const paths = parsed.rest.split(/\s+/);
        if (paths.length < 2) throw new Error(`line ${line}: COPY source… destination`);
        stage.copies.push({
          from: parsed.flags.from ?? null,
          chown: parsed.flags.chown ?? null,
          sources: paths.slice(0, -1),
          dest: paths.at(-1)!,
        });
        break;
      }
      case "RUN":
        stage.runs.push(args);
        break;
      case "USER":
        stage.user = args;
        break;
      case "VOLUME":
        stage.volumes.push(...(args.startsWith("[") ? execForm(args, line) : args.split(/\s+/)));
        break;
      case "EXPOSE":
        stage.exposes.push(...args.split(/\s+/));
        break;
      case "HEALTHCHECK": {
        const parsed = flags(args, ["interval", "timeout", "start-period", "retries"], line);
        const command = /^CMD\s+(.*)$/.exec(parsed.rest);
        if (!command) throw new Error(`line ${line}: HEALTHCHECK [options] CMD [...]`);
        stage.healthcheck = { options: parsed.flags, command: execForm(command[1]!, line) };
        break;
      }
      case "CMD":
        stage.cmd = execForm(args, line);
        break;
      default:
        throw new Error(`line ${line}: ${keyword} is not an instruction this reading knows`);
    }
  }
  return stages;
}

/**
 * The `.dockerignore` rules as a test of a context path (slash-separated, relative): whether
 * the build context leaves it out. Patterns are matched as Docker does, `**` spanning folders,
 * a folder's pattern covering what it holds, and a later `!pattern` taking a path back.
 */
export function dockerignore(text: string): (file: string) => boolean {
  const rules = text
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "" && !line.startsWith("#"))
    .map((line) => {
      const include = line.startsWith("!");
      const pattern = (include ? line.slice(1) : line).replace(/^\/+|\/+$/g, "");
      const source = pattern
        .split("/")
        .map((part, index, parts) =>
          part === "**"
            ? index === parts.length - 1
              ? ".*"
              : "(?:.*/)?"
            : part
                .replace(/[.+^${}()|[\]\\]/g, "\\$&")
                .replace(/\*/g, "[^/]*")
                .replace(/\?/g, "[^/]") + (index === parts.length - 1 ? "" : "/"),
        )
        .join("");
      return { include, regex: new RegExp(`^${source}(/.*)?$`) };
    });
  return (file) => {
    let excluded = false;
    for (const rule of rules) if (rule.regex.test(file)) excluded = !rule.include;
    return excluded;
  };
}
