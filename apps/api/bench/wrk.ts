/**
 * wrk (Debian's `wrk` package), the load generator of the instances run (bench/instances.ts). It is C and
 * takes a small fraction of the CPU per request that autocannon (JavaScript, in the bench's own process)
 * takes: at the cached catalogue's 8,000-10,000 requests a second autocannon needed about a core of its
 * own, and on a two-core machine that core was the one a second instance needed (decision 19's addendum).
 *
 * Each run sends GET requests for `paths` in turn (every thread starting at its own place in the list)
 * over `connections` keep-alive connections, and reports what its Lua `done` hook prints: requests, the
 * run's duration, answers other than 2xx/3xx, socket errors, timeouts and the latency percentiles.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface WrkResult {
  requests: number;
  seconds: number;
  /** Answers with a status of 400 or more. */
  non2xx: number;
  /** Connect, read and write errors. */
  errors: number;
  timeouts: number;
  /** Latency percentiles in milliseconds. */
  p50: number;
  p95: number;
  p99: number;
}

/** Debian's wrk, or null when it is not installed. */
export function wrkBinary(): string | null {
  return spawnSync('wrk', ['--version']).error ? null : 'wrk';
}

/** A request wrk sends: GET a path, or POST a JSON body with a session cookie. */
export interface WrkRequest {
  method: 'GET' | 'POST';
  path: string;
  cookie?: string;
  /** JSON, sent with `content-type: application/json`. */
  body?: string;
}

/**
 * The Lua script: the requests from a file (one a line: method, path, cookie and body between tabs), each
 * thread starting at its own place in it, one line of results at the end.
 */
function script(requestsFile: string): string {
  return `
local lines = {}
for line in io.lines(${JSON.stringify(requestsFile)}) do lines[#lines + 1] = line end
local requests = {}
local threads = 0
function setup(thread)
  thread:set("id", threads)
  threads = threads + 1
end
local index = 0
function init(args)
  index = (id or 0) * 7919
  -- Formatted once wrk knows the host (the Host header), not when the script is loaded.
  for _, line in ipairs(lines) do
    local method, path, cookie, body = line:match("^([^\t]*)\t([^\t]*)\t([^\t]*)\t(.*)$")
    local headers = {}
    if cookie ~= "" then headers["Cookie"] = cookie end
    if body ~= "" then headers["Content-Type"] = "application/json" else body = nil end
    requests[#requests + 1] = wrk.format(method, path, headers, body)
  end
end
function request()
  index = index % #requests + 1
  return requests[index]
end
function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format("WRK_RESULT %d %d %d %d %d %d %d %d\\n", summary.requests, summary.duration,
    e.status, e.connect + e.read + e.write, e.timeout,
    latency:percentile(50), latency:percentile(95), latency:percentile(99)))
end
`;
}

/** Runs wrk for `seconds` against `baseUrl` and parses its result line. */
export async function runWrk(options: {
  binary: string;
  baseUrl: string;
  requests: readonly WrkRequest[];
  connections: number;
  seconds: number;
  timeoutSeconds: number;
  threads?: number;
}): Promise<WrkResult> {
  if (options.requests.length === 0) throw new Error('bench: wrk needs at least one request');
  const dir = mkdtempSync(path.join(tmpdir(), 'shop-bench-wrk-'));
  try {
    const requestsFile = path.join(dir, 'requests.tsv');
    const scriptFile = path.join(dir, 'requests.lua');
    const lines = options.requests.map((request) =>
      [request.method, request.path, request.cookie ?? '', request.body ?? ''].join('\t'),
    );
    writeFileSync(requestsFile, `${lines.join('\n')}\n`);
    writeFileSync(scriptFile, script(requestsFile));
    const threads = Math.min(options.threads ?? 2, options.connections);
    const args = [
      `-t${threads}`,
      `-c${options.connections}`,
      `-d${options.seconds}s`,
      `--timeout`,
      `${options.timeoutSeconds}s`,
      '-s',
      scriptFile,
      options.baseUrl,
    ];
    const output = await new Promise<string>((resolve, reject) => {
      const child = spawn('nice', ['-n', '10', options.binary, ...args], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const chunks: string[] = [];
      child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk.toString()));
      child.on('error', reject);
      child.on('close', (code) =>
        code === 0
          ? resolve(chunks.join(''))
          : reject(new Error(`wrk exited with ${code}:\n${chunks.join('')}`)),
      );
    });
    const line = /WRK_RESULT (\d+) (\d+) (\d+) (\d+) (\d+) (\d+) (\d+) (\d+)/.exec(output);
    if (!line) throw new Error(`bench: wrk printed no result:\n${output}`);
    const [requests, micros, non2xx, errors, timeouts, p50, p95, p99] = line.slice(1).map(Number);
    const ms = (us = 0) => Math.round(us / 100) / 10;
    return {
      requests: requests ?? 0,
      seconds: (micros ?? 0) / 1e6,
      non2xx: non2xx ?? 0,
      errors: errors ?? 0,
      timeouts: timeouts ?? 0,
      p50: ms(p50),
      p95: ms(p95),
      p99: ms(p99),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
