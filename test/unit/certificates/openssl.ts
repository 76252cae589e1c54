/**
 * The tests' second opinion: the `openssl` command line (OpenSSL 3, from Debian) makes the CSRs and
 * keys a charger would, and checks what our code issues (`openssl verify`, `x509 -text`, `ocsp`).
 */
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Runs `openssl` with `args` (and `input` on stdin); its stdout. Throws with stderr when it fails. */
export function openssl(args: string[], input?: string | Buffer): string {
  return execFileSync('openssl', args, { input, encoding: 'utf8', stdio: ['pipe', 'pipe', 'pipe'] });
}

/**
 * Runs `openssl` without blocking this process: for commands that talk to a server of the test's
 * own process (a synchronous child would stall the server it waits for). Its stdout.
 */
export async function opensslAsync(args: string[]): Promise<string> {
  return (await promisify(execFile)('openssl', args, { encoding: 'utf8', timeout: 20_000 })).stdout;
}

/** Runs `openssl` with `args` and binary `input`; its binary stdout. */
export function opensslBytes(args: string[], input: Buffer): Buffer {
  return execFileSync('openssl', args, { input, stdio: ['pipe', 'pipe', 'pipe'] });
}

/** A fresh temporary directory and its removal. */
export function temporaryDirectory(): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'certificates-test-'));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Key kinds `openssl req -newkey` takes. */
export type OpensslKey = 'ec:P-256' | 'ec:P-384' | 'ec:P-521' | 'rsa:1024' | 'rsa:2048' | 'ed25519';

function newKeyArgs(key: OpensslKey): string[] {
  if (key.startsWith('ec:')) return ['-newkey', 'ec', '-pkeyopt', `ec_paramgen_curve:${key.slice(3)}`];
  return ['-newkey', key];
}

/**
 * A CSR as a charger makes one: a new key of kind `key` in `dir`, the request for `subject`
 * (`/O=Acme/CN=CP-1`). @returns the CSR (PEM) and the key's path
 */
export function opensslCsr(
  dir: string,
  subject: string,
  key: OpensslKey = 'ec:P-256',
): { csr: string; keyFile: string } {
  const name = `${key.replace(/[^a-z0-9]/gi, '')}-${Math.random().toString(36).slice(2)}`;
  const keyFile = join(dir, `${name}.key`);
  const csrFile = join(dir, `${name}.csr`);
  openssl(['req', '-new', ...newKeyArgs(key), '-nodes', '-keyout', keyFile, '-subj', subject, '-out', csrFile]);
  return { csr: readFileSync(csrFile, 'utf8'), keyFile };
}
