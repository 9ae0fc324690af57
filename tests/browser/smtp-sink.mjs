// A real SMTP server on loopback for the browser tests (tests/mail/smtp_sink.py, Debian's
// python3-aiosmtpd), and the mail it received as its parser read it.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TIMEOUT } from './helpers.mjs';

const SINK = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../mail/smtp_sink.py');
// Debian's interpreter: one ahead of it on PATH may not see Debian's aiosmtpd.
const PYTHON = '/usr/bin/python3';

export class SmtpSink {
  static start() {
    const sink = new SmtpSink();
    sink.dir = mkdtempSync(path.join(tmpdir(), 'ordo-browser-mail-'));
    return new Promise((resolve, reject) => {
      sink.process = spawn(PYTHON, [SINK, sink.dir], { stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      const timer = setTimeout(() => reject(new Error(`the SMTP sink did not start: ${output}`)), TIMEOUT);
      sink.process.stdout.on('data', (chunk) => {
        output += chunk;
        const port = /port (\d+)/.exec(output);
        if (port) {
          clearTimeout(timer);
          sink.url = `smtp://127.0.0.1:${port[1]}`;
          resolve(sink);
        }
      });
      sink.process.stderr.on('data', (chunk) => (output += chunk));
      sink.process.on('exit', (code) => reject(new Error(`the SMTP sink exited (${code}): ${output}`)));
    });
  }

  /** Every message received so far, in order. */
  mails() {
    const all = [];
    for (let k = 1; existsSync(path.join(this.dir, `${k}.json`)); k++)
      all.push(JSON.parse(readFileSync(path.join(this.dir, `${k}.json`), 'utf8')));
    return all;
  }

  /** The first message to `address` that `matches`, once it has come. */
  async mailTo(address, matches = () => true) {
    const deadline = Date.now() + TIMEOUT;
    for (;;) {
      const found = this.mails().find((m) => m.rcpt_tos.includes(address) && matches(m));
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no mail to ${address} came: ${JSON.stringify(this.mails())}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  stop() {
    this.process.removeAllListeners('exit');
    this.process.kill('SIGKILL');
    rmSync(this.dir, { recursive: true, force: true });
  }
}
