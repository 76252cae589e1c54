/** The `ocppMessageLog` stack setting reaches every function that sends or answers OCPP CALLs. */
import { describe, expect, it } from 'vitest';
import { synthesise } from './support/template';

const LOGGING = ['lambdas/ocpp/message.ts', 'lambdas/http/commands.ts', 'lambdas/power/allocate.ts'];

describe('ocppMessageLog', () => {
  it.each([
    [undefined, 'all'],
    ['errors', 'errors'],
    ['off', 'off'],
  ] as const)('%s gives OCPP_MESSAGE_LOG=%s to the functions that exchange CALLs', (setting, expected) => {
    const { resources, functionId } = synthesise(setting ? { ocppMessageLog: setting } : {});
    for (const entry of LOGGING) {
      expect(resources[functionId(entry)]!.Properties.Environment.Variables.OCPP_MESSAGE_LOG, entry).toBe(expected);
    }
    expect(
      resources[functionId('lambdas/http/history.ts')]!.Properties.Environment.Variables.OCPP_MESSAGE_LOG,
    ).toBeUndefined();
  });
});
