import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import S3rver from 's3rver';

/** The product's settings for the bucket at `endpoint`. */
function envFor(endpoint: string, bucket: string) {
  return {
    S3_ENDPOINT: endpoint,
    S3_BUCKET: bucket,
    S3_REGION: 'us-east-1',
    // s3rver's fixed development credentials.
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: '1',
  };
}

/**
 * A local S3-compatible server (s3rver: the S3 REST API over HTTP, objects in a temporary
 * folder) with one bucket, and the environment that points the product at it.
 */
export async function startS3(bucket = 'taskgram') {
  const directory = mkdtempSync(join(tmpdir(), 's3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const address = (await server.run()) as { port: number };
  const endpoint = `http://127.0.0.1:${address.port}`;
  return {
    endpoint,
    directory,
    env: envFor(endpoint, bucket),
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/**
 * The same server in a child process of its own: for a caller that blocks its event loop (a test
 * running PostgreSQL's and pgBackRest's programs synchronously) or keeps its CPU for load (a bench).
 */
export async function startS3Process(bucket = 'taskgram') {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), bucket], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const endpoint = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('\n')) resolve(JSON.parse(out.slice(0, out.indexOf('\n'))).endpoint);
    });
    child.once('exit', (code) => reject(new Error(`s3rver exited with ${code}`)));
  });
  return {
    endpoint,
    env: envFor(endpoint, bucket),
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

// Run as a program (startS3Process): serve, print the endpoint, stop at SIGTERM.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const s3 = await startS3(process.argv[2]);
  console.log(JSON.stringify({ endpoint: s3.endpoint }));
  process.on('SIGTERM', () => void s3.close().finally(() => process.exit(0)));
}
