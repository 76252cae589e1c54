/**
 * The OCPP message log never keeps a charger's new password: the charger credentials operation's
 * CALL (1.6 ChangeConfiguration AuthorizationKey, 2.0.1 SetVariables SecurityCtrlr.BasicAuthPassword)
 * is logged with the value replaced, whatever else the CALL carries is kept as sent.
 */
import { describe, expect, it } from 'vitest';
import { loggedPayload, REDACTED, withCallLogged } from '../../../shared/ocpp/message-log';
import { setChargerPassword } from '../../../shared/ocpp/commands/credentials';

/** The item `withCallLogged` puts into the claim's transaction. */
function loggedItem(action: string, payload: unknown) {
  const target = { chargerId: 7, protocol: 'ocpp2.0.1' as const };
  const call = { messageId: '01a21ec5-5008-743a-a4d2-7f03057d6a22', action, payload };
  const items: Record<string, unknown>[] = [];
  const entities = {
    ocppMessage: {
      put: (item: Record<string, unknown>) => {
        items.push(item);
        return { commit: () => ({}) };
      },
    },
  };
  const writes = withCallLogged(target, call, undefined);
  writes?.(entities as never);
  return items[0]!;
}

describe('the message log and charger passwords', () => {
  it('keeps a 1.6 AuthorizationKey change without its value', () => {
    const payload = setChargerPassword['ocpp1.6']!.request({ password: '0GQFV5CPuenReF5IJf7j' });
    expect(payload).toEqual({ key: 'AuthorizationKey', value: '304751465635435075656e52654635494a66376a' });
    const item = loggedItem('ChangeConfiguration', payload);
    expect(item.frame).toBe(
      `[2,"01a21ec5-5008-743a-a4d2-7f03057d6a22","ChangeConfiguration",{"key":"AuthorizationKey","value":"${REDACTED}"}]`,
    );
    expect(item.frame).not.toContain('3047514656');
  });

  it('keeps a 2.0.1 BasicAuthPassword without its value, the other variables as sent', () => {
    const payload = {
      setVariableData: [
        { component: { name: 'OCPPCommCtrlr' }, variable: { name: 'WebSocketPingInterval' }, attributeValue: '60' },
        ...setChargerPassword['ocpp2.0.1']!.request({ password: 'cByZ30JRDZBRjpTaiCbx' }).setVariableData,
      ],
    };
    const item = loggedItem('SetVariables', payload);
    expect(JSON.parse(item.frame as string)[3]).toEqual({
      setVariableData: [payload.setVariableData[0], { ...payload.setVariableData[1], attributeValue: REDACTED }],
    });
    expect(item.frame).not.toContain('cByZ30JRDZBRjpTaiCbx');
  });

  it('keeps other CALLs as sent', () => {
    const change = { key: 'ConnectionTimeOut', value: '90' };
    expect(loggedPayload('ChangeConfiguration', change)).toBe(change);
    expect(loggedPayload('SetVariables', { setVariableData: 'odd' })).toEqual({ setVariableData: 'odd' });
    expect(loggedPayload('GetConfiguration', { key: ['AuthorizationKey'] })).toEqual({ key: ['AuthorizationKey'] });
  });
});
