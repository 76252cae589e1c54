import { describe, expect, it } from 'vitest';
import { localEndpointConfig, processClient } from '../../shared/aws-clients';

/** A stand-in SDK client that notes its endpoint and whether it was destroyed. */
class FakeClient {
  destroyed = false;
  constructor(readonly endpoint: string | undefined) {}
  destroy() {
    this.destroyed = true;
  }
}

describe('processClient', () => {
  it('makes a client, and keeps it, when no endpoint is set (AWS: the default endpoint)', () => {
    let created = 0;
    const client = processClient(
      () => undefined,
      (endpoint) => {
        created++;
        return new FakeClient(endpoint);
      },
    );
    expect(client()).toBeInstanceOf(FakeClient);
    expect(client()).toBe(client());
    expect(created).toBe(1);
  });

  it('keeps one client while the endpoint stays the same', () => {
    let created = 0;
    const client = processClient(
      () => 'http://127.0.0.1:3000',
      (endpoint) => {
        created++;
        return new FakeClient(endpoint);
      },
    );
    expect(client()).toBe(client());
    expect(created).toBe(1);
  });

  it('makes a new client when the endpoint changes, and destroys the one it replaces', () => {
    let endpoint: string | undefined = 'http://127.0.0.1:3000';
    const client = processClient(
      () => endpoint,
      (e) => new FakeClient(e),
    );
    const first = client();
    endpoint = 'http://127.0.0.1:4000';
    const second = client();
    expect(second).not.toBe(first);
    expect(second.endpoint).toBe('http://127.0.0.1:4000');
    expect(first.destroyed).toBe(true);
    expect(second.destroyed).toBe(false);
    endpoint = undefined; // AWS: no endpoint of our own
    expect(client().endpoint).toBeUndefined();
    expect(second.destroyed).toBe(true);
  });

  it('replaces a client without destroy() (the data layer) as well', () => {
    let target = 'http://127.0.0.1:8000|table-a';
    const client = processClient(
      () => target,
      (t) => ({ table: t.split('|')[1] }),
    );
    expect(client().table).toBe('table-a');
    target = 'http://127.0.0.1:8000|table-b';
    expect(client().table).toBe('table-b');
  });

  it('passes on what the endpoint getter throws, and makes no client', () => {
    let created = 0;
    const client = processClient(
      () => {
        throw new Error('WS_MANAGEMENT_ENDPOINT is not set');
      },
      (e) => {
        created++;
        return new FakeClient(e);
      },
    );
    expect(() => client()).toThrow('WS_MANAGEMENT_ENDPOINT is not set');
    expect(created).toBe(0);
  });
});

describe('localEndpointConfig', () => {
  it('points at the endpoint with dummy static credentials, in AWS_REGION or "local"', () => {
    const region = process.env.AWS_REGION;
    try {
      delete process.env.AWS_REGION;
      expect(localEndpointConfig('http://127.0.0.1:3000')).toEqual({
        endpoint: 'http://127.0.0.1:3000',
        region: 'local',
        credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
      });
      process.env.AWS_REGION = 'eu-west-1';
      expect(localEndpointConfig('http://127.0.0.1:3000').region).toBe('eu-west-1');
    } finally {
      if (region === undefined) delete process.env.AWS_REGION;
      else process.env.AWS_REGION = region;
    }
  });
});
