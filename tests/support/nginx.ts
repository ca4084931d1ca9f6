/**
 * deploy/nginx.conf as a deployment runs it, on loopback for a test: its three DEPLOY lines set
 * (the port, the site's root, the back end's address) inside a main config of its own, with
 * every path nginx writes in a work folder the caller owns. nginx's workers drop root (to
 * nobody), so the work folder and the site must be readable by others.
 */
import { spawn } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { freePort } from './free-port';

const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const TEMP_PATHS = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'];

export interface NginxOptions {
  /** The folder served as the site (the build, or a page of the test's own). */
  root: string;
  /** The mock server the config's upstream points at. */
  backendUrl: string;
  /** Where nginx keeps its config, pid, log and temp files; created and removed by the caller. */
  workDir: string;
  /** `worker_connections` (the socket tests open many). */
  workerConnections?: number;
}

export interface RunningNginx {
  url: string;
  stop(): void;
}

async function nginxConfig(port: number, options: NginxOptions): Promise<string> {
  const { root, backendUrl, workDir, workerConnections = 64 } = options;
  const server = (await readFile('deploy/nginx.conf', 'utf8'))
    .replace(/listen \d+;/, `listen 127.0.0.1:${port};`)
    .replace(/root \/var\/www\/back-office;/, `root ${root};`)
    .replace(/server 127\.0\.0\.1:3001;/, `server ${new URL(backendUrl).host};`);
  return [
    'worker_processes 1;',
    `pid ${path.join(workDir, 'nginx.pid')};`,
    `error_log ${path.join(workDir, 'error.log')} warn;`,
    `events { worker_connections ${workerConnections}; }`,
    'http {',
    '  include /etc/nginx/mime.types;',
    '  default_type application/octet-stream;',
    '  access_log off;',
    ...TEMP_PATHS.map((name) => `  ${name}_temp_path ${path.join(workDir, name)};`),
    server,
    '}',
  ].join('\n');
}

/** Polls until nginx answers (the start signal it gives); fails after 20 s (error.log says why). */
async function waitForServer(url: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    try {
      await fetch(url);
      return;
    } catch (error) {
      if (Date.now() > deadline)
        throw new Error(`nginx did not answer at ${url} within 20 s`, { cause: error });
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

/** Starts nginx in the foreground on a free port; resolves once it answers. */
export async function startNginx(options: NginxOptions): Promise<RunningNginx> {
  for (const name of TEMP_PATHS) await mkdir(path.join(options.workDir, name), { recursive: true });
  const port = await freePort();
  const config = path.join(options.workDir, 'nginx.conf');
  await writeFile(config, await nginxConfig(port, options));
  const nginx = spawn(NGINX, ['-c', config, '-p', options.workDir, '-g', 'daemon off;'], {
    stdio: 'inherit',
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForServer(url);
  } catch (error) {
    nginx.kill('SIGQUIT');
    throw error;
  }
  return { url, stop: () => nginx.kill('SIGQUIT') };
}
