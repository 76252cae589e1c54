import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../../../shared/chargers/passwords';

describe('OCPP Basic-auth password hashes', () => {
  it('store a salted scrypt hash that verifies only the right password', async () => {
    const hash = await hashPassword('s3cret-pass');
    expect(hash).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(hash).not.toContain('s3cret-pass');
    expect(await verifyPassword('s3cret-pass', hash)).toBe(true);
    expect(await verifyPassword('s3cret-pasS', hash)).toBe(false);
    expect(await hashPassword('s3cret-pass')).not.toBe(hash);
  });

  it('refuse a malformed stored hash', async () => {
    expect(await verifyPassword('x', 'md5$abc')).toBe(false);
  });
});
