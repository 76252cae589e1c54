import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { ensureLocalTlsCertificates, type LocalTlsCertificates } from '../../../lib/local/tls-certificates';
import { startTlsListener, type TlsListener } from '../../../lib/local/tls-listener';
import { admitViewerCertificate } from '../../../shared/certificates/admission';
import { caIssuer, createCaCertificate, type SigningAuthority } from '../../../shared/certificates/authority';
import { fileCaSigner } from '../../../shared/certificates/ca-signer';
import { checkCsr } from '../../../shared/certificates/csr';
import { DEFAULT_LIFETIME_SETTINGS } from '../../../shared/certificates/lifetime';
import { CachedRevocationList, staticRevocationSource } from '../../../shared/certificates/revocation';
import { TrustStore } from '../../../shared/certificates/trust-store';
import { readViewerCertificate } from '../../../shared/certificates/viewer-certificate';
import { opensslCsr, temporaryDirectory } from '../certificates/openssl';

/** A client's key and certificate (PEM). */
interface ClientIdentity {
  key: string;
  cert: string;
}

let dir: string;
let remove: () => void;
let tls: LocalTlsCertificates;
let upstream: Server;
let listener: TlsListener;
let passthrough: TlsListener;
let charger: ClientIdentity;
let foreign: ClientIdentity;

/** The tiny upstream: echoes a request's headers as JSON; upgrades /ocpp/* (its first message: the headers), refuses others with 401. */
function startUpstream(): Promise<Server> {
  const wss = new WebSocketServer({ noServer: true, handleProtocols: (protocols) => [...protocols][0] ?? false });
  const server = createServer((req, res) => res.end(JSON.stringify(req.headers)));
  server.on('upgrade', (req: IncomingMessage, socket, head) => {
    if (!req.url?.startsWith('/ocpp/'))
      return void socket.end('HTTP/1.1 401 Unauthorized\r\nContent-Length: 0\r\n\r\n');
    wss.handleUpgrade(req, socket, head, (ws) => ws.send(JSON.stringify(req.headers)));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

async function identity(issuerDir: string, ocppId: string, ca: SigningAuthority = tls.ca): Promise<ClientIdentity> {
  const { csr, keyFile } = opensslCsr(issuerDir, `/CN=${ocppId}`);
  const checked = await checkCsr(csr, { ocppId });
  if (!checked.ok) throw new Error(checked.detail);
  const issued = await caIssuer(ca, DEFAULT_LIFETIME_SETTINGS).issue(checked, new Date());
  return { key: readFileSync(keyFile, 'utf8'), cert: issued.certificateChainPem };
}

beforeAll(async () => {
  ({ dir, remove } = temporaryDirectory());
  tls = await ensureLocalTlsCertificates(join(dir, 'data'));
  upstream = await startUpstream();
  const options = {
    port: 0,
    certificate: tls.certificate,
    key: tls.key,
    clientCa: tls.ca.certificate.toString('pem'),
    upstream: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`,
    addHeaders: { 'x-origin-verify': 'local-secret' },
  };
  listener = await startTlsListener(options);
  passthrough = await startTlsListener({ ...options, mode: 'passthrough' });
  charger = await identity(dir, 'CP-1');
  const signer = await fileCaSigner(join(dir, 'foreign-key.pem'));
  const now = Date.now();
  const certificate = await createCaCertificate(signer, {
    subject: 'CN=Foreign CA',
    notBefore: new Date(now - 60_000),
    notAfter: new Date(now + 86_400_000),
  });
  foreign = await identity(dir, 'CP-1', { certificate, intermediates: [], signer });
});

afterAll(async () => {
  await Promise.all([listener?.close(), passthrough?.close()]);
  await new Promise((resolve) => upstream?.close(resolve));
  remove();
});

/** What a client trusts: the local CA's certificate. */
function caPem(): string {
  return tls.ca.certificate.toString('pem');
}

/** A GET through `through` with the client identity given; the headers the upstream saw. */
function get(through: TlsListener, client: Partial<ClientIdentity>, headers: Record<string, string> = {}) {
  return new Promise<Record<string, string>>((resolve, reject) => {
    const req = httpsRequest(`${through.url}/api/ping`, { ...client, ca: caPem(), headers }, (res) => {
      let body = '';
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve(JSON.parse(body)));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the local TLS listener (viewer mTLS stand-in)', () => {
  it("forwards a request with the client's certificate in CloudFront's headers, which $connect's check admits", async () => {
    const seen = await get(listener, charger);
    expect(seen['cloudfront-viewer-cert-present']).toBe('1');
    expect(seen['cloudfront-viewer-cert-subject']).toBe('CN=CP-1');
    expect(seen['x-origin-verify']).toBe('local-secret');
    const admission = await admitViewerCertificate(readViewerCertificate(seen), {
      ocppId: 'CP-1',
      trustStore: new TrustStore([tls.ca.certificate]),
      revocation: new CachedRevocationList(staticRevocationSource()),
      now: new Date(),
    });
    expect(admission).toMatchObject({ admit: true });
  });

  it('says Present: 0 for a client without a certificate, and drops certificate headers a client wrote itself', async () => {
    const seen = await get(
      listener,
      {},
      { 'CloudFront-Viewer-Cert-Present': '1', 'CloudFront-Viewer-Cert-Pem': 'forged' },
    );
    expect(seen['cloudfront-viewer-cert-present']).toBe('0');
    expect(seen['cloudfront-viewer-cert-pem']).toBeUndefined();
  });

  it('refuses at the TLS layer a certificate from another CA (optional mode), forwards it in passthrough mode', async () => {
    await expect(get(listener, foreign)).rejects.toThrow();
    const seen = await get(passthrough, foreign);
    expect(seen['cloudfront-viewer-cert-issuer']).toBe('CN=Foreign CA');
  });

  it('forwards a WebSocket upgrade with the certificate headers and the chosen subprotocol', async () => {
    const ws = new WebSocket(`${listener.url.replace('https', 'wss')}/ocpp/CP-1`, ['ocpp1.6'], {
      ...charger,
      ca: caPem(),
    });
    const first = await new Promise<Record<string, string>>((resolve, reject) => {
      ws.once('message', (data) => resolve(JSON.parse(String(data))));
      ws.once('error', reject);
    });
    expect(ws.protocol).toBe('ocpp1.6');
    expect(first['cloudfront-viewer-cert-subject']).toBe('CN=CP-1');
    const echoed = new Promise((resolve) => ws.once('close', resolve));
    ws.close();
    await echoed;
  });

  it("relays the gateway's refusal of an upgrade as it came", async () => {
    const ws = new WebSocket(`${listener.url.replace('https', 'wss')}/elsewhere`, { ...charger, ca: caPem() });
    const status = await new Promise<number>((resolve) =>
      ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0)),
    );
    expect(status).toBe(401);
    ws.on('error', () => undefined); // terminating a handshake that was answered: the error is expected
    ws.terminate();
  });

  it('keeps its server certificate across restarts, for localhost', async () => {
    const again = await ensureLocalTlsCertificates(join(dir, 'data'));
    expect(again.certificate).toBe(tls.certificate);
    expect(again.caFile).toBe(join(dir, 'data', 'certificates', 'ca.pem'));
  });
});
