/** TCP ports for the local stack: finding a free one, and refusing one that is taken. */
import { createServer } from 'node:net';

/** Who the local gateway's port belongs to, in messages. */
export const GATEWAY_SERVICE = 'The local API Gateway';

/** A port the local stack needs is already in use by another process. */
export class PortInUseError extends Error {
  /**
   * @param port the TCP port
   * @param service who needed it, e.g. `DynamoDB Local`
   */
  constructor(
    readonly port: number,
    readonly service: string,
  ) {
    super(`${service}: port ${port} is already in use`);
    this.name = 'PortInUseError';
  }
}

/** A TCP port that is free right now on 127.0.0.1. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** True when this process could listen on `host`:`port` right now. */
async function canListen(port: number, host: string): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', (error: NodeJS.ErrnoException) =>
      error.code === 'EADDRINUSE' || error.code === 'EACCES' ? resolve(false) : reject(error),
    );
    server.listen(port, host, () => server.close(() => resolve(true)));
  });
}

/**
 * Checks that `port` is free on every one of `hosts` (a server that listens on all interfaces
 * must be free on `0.0.0.0`; the clients of the local stack connect to `127.0.0.1`).
 * @throws PortInUseError naming `service` when another process listens there
 */
export async function assertPortFree(port: number, service: string, hosts: string[]): Promise<void> {
  for (const host of hosts) {
    if (!(await canListen(port, host))) throw new PortInUseError(port, service);
  }
}
