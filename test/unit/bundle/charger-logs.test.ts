/**
 * What the log functions bundle (docs/charger-logs.md, "URL length"): the Secrets Manager client
 * (the URL secret) only in the functions that sign or check short upload URLs (the log requests'
 * operation worker, the upload function); no S3 client in the OCPP message function, whose status
 * notifications write the table only (the hot path); the upload function holds no local-stack or OCPP code beyond what it stores with.
 * Built with the stack's own esbuild options; the inputs are read from esbuild's metafile.
 */
import { describe, expect, it } from 'vitest';
import { bundleInputs } from '../../support/bundles';

/** The input files a Lambda entry's bundle holds code of. */
async function bundledFiles(entry: string): Promise<string[]> {
  return [...(await bundleInputs(entry))].filter(([, bytes]) => bytes > 0).map(([file]) => file);
}

const holdsSecretsManager = (files: string[]) =>
  files.some(
    (file) => file.includes('@aws-sdk/client-secrets-manager/') || file.endsWith('charger-logs/url-secret.ts'),
  );

describe('the log functions’ bundles', () => {
  it('the upload function holds the token check, the S3 client and the Secrets Manager client', async () => {
    const files = await bundledFiles('lambdas/logs/upload.ts');
    expect(files).toEqual(expect.arrayContaining(['shared/charger-logs/uploads.ts', 'shared/charger-logs/tokens.ts']));
    expect(files.some((file) => file.includes('@aws-sdk/client-s3/'))).toBe(true);
    expect(holdsSecretsManager(files)).toBe(true);
    expect(files.filter((file) => file.startsWith('shared/ocpp/'))).toEqual([]);
  });

  it('the log requests’ worker holds the S3 log storage and the Secrets Manager client (it signs upload URLs), not the S3 client; the other worker neither', async () => {
    const logs = await bundledFiles('lambdas/operations/perform-logs.ts');
    expect(holdsSecretsManager(logs)).toBe(true);
    expect(logs).toContain('shared/charger-logs/s3-storage.ts');
    // Presigning needs the SigV4 signer only (docs/architecture.md, "Runtime").
    expect(logs.filter((file) => file.includes('@aws-sdk/client-s3/'))).toEqual([]);
    const others = await bundledFiles('lambdas/operations/perform.ts');
    expect(holdsSecretsManager(others)).toBe(false);
    expect(others.some((file) => file.includes('@aws-sdk/client-s3/'))).toBe(false);
  });

  it('the OCPP message function holds no S3 client and no log storage', async () => {
    const files = await bundledFiles('lambdas/ocpp/message.ts');
    expect(files.filter((file) => file.includes('@aws-sdk/client-s3/'))).toEqual([]);
    expect(files).not.toContain('shared/charger-logs/storage.ts');
  });

  it.each(['lambdas/ocpp/message.ts', 'lambdas/http/charger-operations.ts', 'lambdas/http/charger-operation-reads.ts'])(
    '%s holds no Secrets Manager client and no upload handling',
    async (entry) => {
      const files = await bundledFiles(entry);
      expect(holdsSecretsManager(files)).toBe(false);
      expect(files).not.toContain('shared/charger-logs/uploads.ts');
    },
  );
});
