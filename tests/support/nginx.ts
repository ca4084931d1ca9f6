/**
 * deploy/nginx.conf as a deployment runs it, on loopback for a test: its three DEPLOY lines set
 * (the port, the site's root, the back end's address) inside a main config of its own, with
 * every path nginx writes in a work folder the caller owns. nginx's workers drop root (to
 * nobody), so the work folder and the site must be readable by others.
 */
import { spawn } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { findExecutable, missingExecutable, NGINX } from '../../scripts/find-executable';
import { freePort } from './free-port';

/** nginx as this machine has it (NGINX_PATH, else on PATH, else /usr/sbin…; scripts/find-executable). */
function nginxExecutable(): string {
  const found = findExecutable(NGINX);
  if (found === undefined)
    throw new Error(
      missingExecutable(NGINX, 'Install nginx (apt-get install nginx, brew install nginx)'),
    );
  return found;
}
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
  /**
   * deploy/nginx-tls.conf in front, with this certificate and key (PEM files): the app's
   * server then listens as that file asks of it, on the loopback.
   */
  tls?: { certificate: string; key: string };
}

export interface RunningNginx {
  /** deploy/nginx.conf's server (plain HTTP). */
  url: string;
  /** With `tls`: the HTTPS front, and its plain-HTTP port that redirects to it. */
  httpsUrl?: string;
  redirectUrl?: string;
  stop(): void;
}

interface TlsPorts {
  https: number;
  redirect: number;
}

/**
 * deploy/nginx-tls.conf with its DEPLOY lines set: its two ports on the loopback (no IPv6
 * listener), the certificate and key, and the app server's port.
 */
async function tlsServers(
  appPort: number,
  ports: TlsPorts,
  tls: NonNullable<NginxOptions['tls']>,
): Promise<string> {
  return (await readFile('deploy/nginx-tls.conf', 'utf8'))
    .replace(/^ *listen \[::\].*$/gm, '')
    .replace(/listen 80;/, `listen 127.0.0.1:${ports.redirect};`)
    .replace(/listen 443 ssl http2;/, `listen 127.0.0.1:${ports.https} ssl http2;`)
    .replace(/ssl_certificate +\S+;/, `ssl_certificate ${tls.certificate};`)
    .replace(/ssl_certificate_key +\S+;/, `ssl_certificate_key ${tls.key};`)
    .replace(/proxy_pass http:\/\/127\.0\.0\.1:8080;/, `proxy_pass http://127.0.0.1:${appPort};`);
}

async function nginxConfig(
  port: number,
  options: NginxOptions,
  tlsPorts?: TlsPorts,
): Promise<string> {
  const { root, backendUrl, workDir, workerConnections = 64, tls } = options;
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
    tls && tlsPorts ? await tlsServers(port, tlsPorts, tls) : '',
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
  const tlsPorts = options.tls
    ? { https: await freePort(), redirect: await freePort() }
    : undefined;
  const config = path.join(options.workDir, 'nginx.conf');
  await writeFile(config, await nginxConfig(port, options, tlsPorts));
  const nginx = spawn(
    nginxExecutable(),
    ['-c', config, '-p', options.workDir, '-g', 'daemon off;'],
    {
      stdio: 'inherit',
    },
  );
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForServer(url);
  } catch (error) {
    nginx.kill('SIGQUIT');
    throw error;
  }
  return {
    url,
    ...(tlsPorts && {
      httpsUrl: `https://127.0.0.1:${tlsPorts.https}`,
      redirectUrl: `http://127.0.0.1:${tlsPorts.redirect}`,
    }),
    stop: () => nginx.kill('SIGQUIT'),
  };
}
