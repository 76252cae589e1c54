/**
 * The local V2G test PKI's OCSP responder over HTTP (docs/certificates.md "The test PKI"), for
 * tests and `npm start`: `POST /ocsp` with a DER request (`application/ocsp-request`, RFC 6960
 * Appendix A.1), or `GET /ocsp/<base64 request>`; the answer is built and signed by
 * `shared/certificates/ocsp-responder.ts`. Each CA of the PKI answers for its own certificates.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { issuerKeyHash } from '../../shared/certificates';
import { answerOcspRequest, requestedCertificates } from '../../shared/certificates';
import type { V2gTestPki } from '../../shared/certificates';

/** A running responder. */
export interface LocalOcspResponder {
  /** `http://127.0.0.1:<port>/ocsp`: the URL the test PKI writes into its certificates. */
  url: string;
  port: number;
  close(): Promise<void>;
}

/** Largest request read, in bytes (a request for a few certificates is a few hundred). */
const MAX_REQUEST_BYTES = 64 * 1024;

async function readBody(req: IncomingMessage): Promise<Uint8Array | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_REQUEST_BYTES) return undefined;
    chunks.push(chunk as Buffer);
  }
  return new Uint8Array(Buffer.concat(chunks));
}

/**
 * The answer, signed by the PKI's CA whose key the request names (its first certificate's
 * issuerKeyHash; OCSP lets a CA answer for the certificates it issued), with the CA's sub-CAs above it
 * (a checker that holds only the roots can verify it); by the V2G root, `unknown`
 * for everything, when none does.
 */
async function answer(pki: V2gTestPki, request: Uint8Array, now: Date): Promise<Uint8Array> {
  const first = requestedCertificates(request)?.[0];
  const authorities = [pki.v2gRoot, pki.cpoSubCa1, pki.cpoSubCa2, pki.moRoot, pki.moSubCa1, pki.moSubCa2];
  for (const ca of authorities)
    if (first && (await issuerKeyHash(ca.certificate, first.hashAlgorithm)) === first.issuerKeyHash)
      return answerOcspRequest(
        request,
        {
          certificate: ca.certificate,
          chain: ca.intermediates,
          signer: ca.signer,
          statusOf: (data) => pki.statusOf(data),
        },
        now,
      );
  const root = pki.v2gRoot;
  return answerOcspRequest(request, { ...root, statusOf: () => ({ status: 'unknown' }) }, now);
}

/**
 * Starts the responder on `options.port` of 127.0.0.1 (default 0: any free port); `options.now` is
 * its clock (tests turn it with the checker's).
 * @param pki the PKI it answers for, read on each request: the PKI is made after the responder,
 *   since its certificates carry the responder's URL (503 until then)
 */
export async function startLocalOcspResponder(
  pki: () => V2gTestPki | undefined,
  options: { port?: number; now?: () => Date } = {},
): Promise<LocalOcspResponder> {
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const handle = async () => {
      const current = pki();
      const url = new URL(req.url ?? '/', 'http://localhost');
      let request: Uint8Array | undefined;
      if (req.method === 'POST' && url.pathname === '/ocsp') request = await readBody(req);
      else if (req.method === 'GET' && url.pathname.startsWith('/ocsp/'))
        request = new Uint8Array(Buffer.from(decodeURIComponent(url.pathname.slice(6)), 'base64'));
      if (!current || !request) return void res.writeHead(current ? 404 : 503).end();
      res
        .writeHead(200, { 'content-type': 'application/ocsp-response' })
        .end(await answer(current, request, options.now?.() ?? new Date()));
    };
    handle().catch(() => res.writeHead(500).end());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const bound = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${bound}/ocsp`,
    port: bound,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
