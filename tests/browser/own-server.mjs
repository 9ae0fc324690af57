// A server of the test's own (ORDO_ENGINE, set by scripts/test-browser), for tests that
// restart it or need options the shared one does not have.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TIMEOUT } from './helpers.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ENGINE = process.env.ORDO_ENGINE ?? path.join(ROOT, 'build/release/src/cli/ordo-engine');

/** A port free now (the server takes the next one if it is taken meanwhile). */
function freePort() {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** A running server on `data` with the extra `args`: its address (`url`) and `stop()`. */
export class OwnServer {
  static async start(data, { port = 0, args = [] } = {}) {
    const server = new OwnServer();
    server.url = await server.spawn(data, port || (await freePort()), args);
    return server;
  }

  spawn(data, port, args) {
    return new Promise((resolve, reject) => {
      this.process = spawn(ENGINE, ['serve', '--port', String(port), '--data', data, ...args], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      const timer = setTimeout(() => reject(new Error(`the server did not start: ${output}`)), TIMEOUT);
      this.process.stdout.on('data', (chunk) => {
        output += chunk;
        const url = /http:\/\/[0-9.]+:[0-9]+/.exec(output);
        if (url) {
          clearTimeout(timer);
          resolve(url[0]);
        }
      });
      this.process.stderr.on('data', (chunk) => (output += chunk));
      this.process.on('exit', (code) => reject(new Error(`the server exited (${code}): ${output}`)));
    });
  }

  /** Kills the server (as a crash would) and resolves once it is gone. */
  stop() {
    if (this.process.exitCode !== null) return Promise.resolve();
    return new Promise((resolve) => {
      this.process.removeAllListeners('exit');
      this.process.on('exit', () => resolve());
      this.process.kill('SIGKILL');
    });
  }
}
