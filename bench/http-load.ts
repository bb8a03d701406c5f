/**
 * The load generator of bench:http, run as its own process so it does not take the server's
 * CPU time slices in the same event loop: autocannon against one path for `seconds` with
 * `connections` sockets. Reads its job from the JSON file named by argv[2], prints one JSON line.
 *
 * A job's `requests` are cycled through by every connection in turn (so each player or
 * click pair is used once before any repeats), with `method`, `path`, `headers` and `body`.
 */
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

interface Job {
  url: string;
  seconds: number;
  connections: number;
  requests: { method: string; path: string; headers?: Record<string, string>; body?: string }[];
}

const job = JSON.parse(readFileSync(process.argv[2], 'utf8')) as Job;
let next = 0;

const result = await autocannon({
  url: job.url,
  duration: job.seconds,
  connections: job.connections,
  pipelining: 1,
  requests: [
    {
      setupRequest: (req) => {
        const r = job.requests[next++ % job.requests.length];
        return { ...req, method: r.method as 'GET', path: r.path, headers: r.headers ?? {}, body: r.body };
      },
    },
  ],
});

process.stdout.write(
  `${JSON.stringify({
    requests: result.requests.total,
    rps: result.requests.total / job.seconds,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    statusCodes: result.statusCodeStats,
  })}\n`,
);
