/**
 * The operator console's static files on the local gateway, as CloudFront serves them from S3 on
 * AWS: `dist/console/` at `/` (the console) and at `/api/docs` (the API reference), with the same
 * security and cache headers (`lib/console/headers.ts`).
 *
 * The build (`lib/console/build.ts`) runs here when its output is missing or older than its
 * sources, checked on each page load (`/`, `/api/docs`), so `npm start` on a fresh clone, and an
 * edited console, need no separate step. Only GET and HEAD of files that exist are answered;
 * everything else is left to the gateway (the API, or its 404).
 *
 * @module
 */
import { createReadStream, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, resolve, sep } from 'node:path';
import { buildConsole, CONSOLE_DIST_DIR, describeBuild, isConsoleBuildStale } from '../console/build';
import { consoleHeaders } from '../console/headers';

/** Content types of the files the console build writes. */
const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8',
};

/** Pages: a request for one of these checks that the build is current first. */
const PAGES: Record<string, string> = {
  '/': '/index.html',
  '/api/docs': '/api/docs/index.html',
  '/api/docs/': '/api/docs/index.html',
};

/**
 * Paths answered with another file (built first, as pages are): `/favicon.ico`, which browsers ask for on pages that name no
 * icon (the API's JSON, for one), is the console's SVG icon, so no page logs a 404 for it.
 */
const ALIASES: Record<string, string> = { '/favicon.ico': '/favicon.svg' };

/** Answers a request when it is for a console file; false leaves it to the caller. */
export type StaticFileHandler = (req: IncomingMessage, res: ServerResponse, pathname: string) => Promise<boolean>;

/** Options of {@link createStaticFileHandler}. */
export interface StaticFileOptions {
  /** Directory served. @default dist/console */
  root?: string;
  /** Build the console when the output is stale. @default true */
  build?: boolean;
  /**
   * The OpenID provider's origins the console may call (its CSP's `connect-src`), read at each
   * request: the local provider starts after the gateway.
   * @default the origin of `OIDC_ISSUER`, when set
   */
  identityOrigins?: () => string[];
}

/** The origin of `OIDC_ISSUER` (the local provider's: discovery and its token endpoint are there). */
function issuerOrigins(): string[] {
  const issuer = process.env.OIDC_ISSUER;
  return issuer ? [new URL(issuer).origin] : [];
}

/** A handler of `root`'s files (see the module documentation). */
export function createStaticFileHandler(options: StaticFileOptions = {}): StaticFileHandler {
  const root = resolve(options.root ?? CONSOLE_DIST_DIR);
  let building: Promise<void> | undefined;
  const ensureBuilt = (): Promise<void> =>
    (building ??= (async () => {
      if (isConsoleBuildStale(root)) console.log(describeBuild(buildConsole(root)));
    })().finally(() => {
      building = undefined;
    }));

  return async (req, res, pathname) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const page = PAGES[pathname];
    if (!page && pathname.startsWith('/api/') && !pathname.startsWith('/api/docs/')) return false;
    // The icon too: a browser asks for /favicon.ico on the API's JSON before any console page.
    if ((page || ALIASES[pathname]) && options.build !== false) {
      try {
        await ensureBuilt();
      } catch (error) {
        console.error('console build failed', error);
        res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
        res.end(
          `The operator console could not be built: ${(error as Error).message}\nRun npm run build:console to see why.`,
        );
        return true;
      }
    }
    const file = resolve(root, `.${page ?? ALIASES[pathname] ?? pathname}`);
    if (!file.startsWith(root + sep)) return false;
    const stat = statIfFile(file);
    if (!stat) return false;
    const etag = `W/"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;
    const headers = {
      ...consoleHeaders((options.identityOrigins ?? issuerOrigins)()),
      etag,
      'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
    };
    if (req.headers['if-none-match'] === etag) {
      res.writeHead(304, headers).end();
      return true;
    }
    res.writeHead(200, { ...headers, 'content-length': String(stat.size) });
    if (req.method === 'HEAD') res.end();
    else createReadStream(file).pipe(res);
    return true;
  };
}

function statIfFile(file: string): { size: number; mtimeMs: number } | undefined {
  try {
    const stat = statSync(file);
    return stat.isFile() ? stat : undefined;
  } catch {
    return undefined;
  }
}

/** The handler the local gateway uses: `dist/console`, built when stale. */
export const serveConsoleFile: StaticFileHandler = createStaticFileHandler();
