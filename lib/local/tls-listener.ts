/**
 * The local stand-in for CloudFront's viewer mTLS (docs/certificates.md "On a laptop"): an HTTPS
 * port that asks clients for a certificate (`requestCert`), terminates TLS and forwards every
 * request and WebSocket upgrade to the plain local gateway, with the `CloudFront-Viewer-Cert-*`
 * headers CloudFront would add (`shared/certificates/viewer-certificate.ts`). So `$connect` reads a
 * charger's certificate the same way on a laptop as on AWS.
 *
 * As CloudFront in `optional` mode: a client without a certificate is let through (`Present: 0`); a
 * client whose certificate does not chain to the trust store (or is expired) is refused at the TLS
 * layer (`mode: 'passthrough'` forwards it instead, for tests of `$connect`'s own refusals).
 * Certificate headers a client sends itself are removed, as CloudFront overwrites them.
 */
import { type IncomingHttpHeaders, type IncomingMessage, request as httpRequest, type ServerResponse } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { TLSSocket } from 'node:tls';
import { viewerCertificateHeaders } from '../../shared/certificates';
import { parseCertificate } from '../../shared/certificates';

/** How the listener treats a client certificate that does not chain to `clientCa` (CloudFront's modes). */
export type ViewerMtlsMode = 'optional' | 'passthrough';

/** What the listener is given. */
export interface TlsListenerOptions {
  /** TCP port (0 = any free port). */
  port: number;
  /** Interface to bind. @default '127.0.0.1' */
  host?: string;
  /** The server's certificate and key, PEM (`tls-certificates.ts`). */
  certificate: string;
  key: string;
  /** The trust store: CA certificates (PEM) a client certificate must chain to. */
  clientCa: string;
  /** The plain gateway requests are forwarded to (`http://127.0.0.1:3000`). */
  upstream: string;
  /** @default 'optional' */
  mode?: ViewerMtlsMode;
  /** Headers added to every forwarded request, as CloudFront adds the origin-verify secret on AWS. */
  addHeaders?: Record<string, string>;
}

/** A running listener. */
export interface TlsListener {
  /** `https://localhost:<port>` (the server certificate's name). */
  url: string;
  port: number;
  /** Closes the port, open connections and forwarded WebSockets. */
  close(): Promise<void>;
}

const VIEWER_CERT_PREFIX = 'cloudfront-viewer-cert-';

/** The headers to forward: the client's, less any certificate header it wrote, plus the listener's. */
async function forwardedHeaders(req: IncomingMessage, options: TlsListenerOptions): Promise<IncomingHttpHeaders> {
  const headers: IncomingHttpHeaders = {};
  for (const [name, value] of Object.entries(req.headers))
    if (!name.startsWith(VIEWER_CERT_PREFIX)) headers[name] = value;
  const peer = (req.socket as TLSSocket).getPeerCertificate();
  const certificate = peer?.raw ? parseCertificate(new Uint8Array(peer.raw)) : undefined;
  return { ...headers, ...(await viewerCertificateHeaders(certificate)), ...options.addHeaders };
}

/** The first lines of an HTTP response, as the upstream sent them. */
function responseHead(response: IncomingMessage): string {
  const lines = [`HTTP/1.1 ${response.statusCode} ${response.statusMessage}`];
  for (let i = 0; i < response.rawHeaders.length; i += 2)
    lines.push(`${response.rawHeaders[i]}: ${response.rawHeaders[i + 1]}`);
  return `${lines.join('\r\n')}\r\n\r\n`;
}

/** Forwards a plain request and streams the answer back; 502 when the gateway cannot be reached. */
async function forwardRequest(req: IncomingMessage, res: ServerResponse, options: TlsListenerOptions): Promise<void> {
  const upstream = httpRequest(new URL(req.url ?? '/', options.upstream), {
    method: req.method,
    headers: await forwardedHeaders(req, options),
  });
  upstream.on('response', (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.statusMessage, answer.rawHeaders);
    answer.pipe(res);
  });
  upstream.on('error', () => {
    if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
    res.end('the local gateway is not reachable');
  });
  req.pipe(upstream);
}

/**
 * Forwards a WebSocket upgrade: the gateway's 101 is relayed and both sockets piped together; a
 * refusal (`$connect`'s 401, 403, 404) is relayed as it came.
 */
async function forwardUpgrade(
  req: IncomingMessage,
  socket: Duplex,
  head: Buffer,
  options: TlsListenerOptions,
  sockets: Set<Duplex>,
) {
  socket.on('error', () => socket.destroy());
  const upstream = httpRequest(new URL(req.url ?? '/', options.upstream), {
    method: req.method,
    headers: await forwardedHeaders(req, options),
  });
  upstream.on('upgrade', (answer, upstreamSocket, upstreamHead) => {
    sockets.add(upstreamSocket);
    upstreamSocket.on('close', () => sockets.delete(upstreamSocket));
    upstreamSocket.on('error', () => socket.destroy());
    socket.write(responseHead(answer));
    if (upstreamHead.length) socket.write(upstreamHead);
    if (head.length) upstreamSocket.write(head);
    upstreamSocket.pipe(socket).pipe(upstreamSocket);
    socket.on('close', () => upstreamSocket.destroy());
  });
  upstream.on('response', (answer) => {
    socket.write(responseHead(answer));
    answer.pipe(socket);
  });
  upstream.on('error', () => socket.end('HTTP/1.1 502 Bad Gateway\r\nConnection: close\r\nContent-Length: 0\r\n\r\n'));
  upstream.end();
}

/** Refuses, as CloudFront does in optional mode, a client whose certificate does not chain (or is expired). */
function refuseUntrusted(socket: TLSSocket): void {
  const presented = Boolean(socket.getPeerCertificate()?.raw);
  if (presented && !socket.authorized) socket.destroy();
}

/**
 * Starts the listener (module doc).
 * @throws the server's listen error (EADDRINUSE when the port is taken)
 */
export async function startTlsListener(options: TlsListenerOptions): Promise<TlsListener> {
  const sockets = new Set<Duplex>();
  const server: Server = createServer(
    { key: options.key, cert: options.certificate, ca: options.clientCa, requestCert: true, rejectUnauthorized: false },
    (req, res) => {
      forwardRequest(req, res, options).catch(() => res.destroy());
    },
  );
  if ((options.mode ?? 'optional') === 'optional') server.on('secureConnection', refuseUntrusted);
  server.on('upgrade', (req, socket, head) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    forwardUpgrade(req, socket, head, options, sockets).catch(() => socket.destroy());
  });
  server.on('tlsClientError', (_error, socket: Socket) => socket.destroy());
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `https://localhost:${port}`,
    port,
    async close() {
      for (const socket of sockets) socket.destroy();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
    },
  };
}
