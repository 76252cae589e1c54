import { describe, expect, it } from 'vitest';
import { type FrameError, parseFrame } from '../../../shared/ocpp/frames';
import { OcppCallError } from '../../../shared/ocpp/errors';
import { HandlerRegistry, ocpp16 } from '../../../shared/ocpp/handler';
import * as V16 from '../../../shared/ocpp/validators/v16';

describe('parseFrame', () => {
  it('parses the three OCPP-J message types', () => {
    expect(parseFrame('[2,"a","Heartbeat",{}]')).toEqual({
      messageTypeId: 2,
      messageId: 'a',
      action: 'Heartbeat',
      payload: {},
    });
    expect(parseFrame('[3,"a",{"x":1}]')).toEqual({ messageTypeId: 3, messageId: 'a', payload: { x: 1 } });
    expect(parseFrame('[4,"a","GenericError","d",{}]')).toMatchObject({ messageTypeId: 4, errorCode: 'GenericError' });
  });

  it("parses OCPP 2.1's SEND and CALLRESULTERROR on a 2.1 connection only", () => {
    const send = '[6,"s","NotifyPeriodicEventStream",{"id":1}]';
    const resultError = '[5,"r","FormatViolation","bad",{}]';
    expect(parseFrame(send, 'ocpp2.1')).toEqual({
      messageTypeId: 6,
      messageId: 's',
      action: 'NotifyPeriodicEventStream',
      payload: { id: 1 },
    });
    expect(parseFrame(resultError, 'ocpp2.1')).toMatchObject({ messageTypeId: 5, errorCode: 'FormatViolation' });
    const code = (text: string, protocol?: 'ocpp2.0.1' | 'ocpp2.1') => {
      try {
        parseFrame(text, protocol);
      } catch (e) {
        return (e as FrameError).error.code;
      }
      return 'parsed';
    };
    expect(code(send, 'ocpp2.0.1')).toBe('MessageTypeNotSupported');
    expect(code(resultError)).toBe('MessageTypeNotSupported');
    expect(code('[6,"s","NotifyPeriodicEventStream"]', 'ocpp2.1')).toBe('FormatViolation');
    expect(code('[5,"r","FormatViolation","bad"]', 'ocpp2.1')).toBe('FormatViolation');
  });

  it('keeps the message ID when it can be read and uses -1 otherwise', () => {
    const error = (text: string) => {
      try {
        parseFrame(text);
      } catch (e) {
        return e as FrameError;
      }
      throw new Error('parsed');
    };
    expect(error('[2,"abc","Heartbeat"]').messageId).toBe('abc');
    expect(error('[2,"' + 'x'.repeat(37) + '","Heartbeat",{}]').messageId).toBe('-1');
    expect(error('nope').messageId).toBe('-1');
  });
});

describe('OcppCallError', () => {
  it('spells codes as each version does', () => {
    const error = new OcppCallError('OccurrenceConstraintViolation', 'missing');
    expect(error.toFrame('m', 'ocpp1.6')).toEqual([4, 'm', 'OccurenceConstraintViolation', 'missing', {}]);
    expect(error.toFrame('m', 'ocpp2.0.1')).toEqual([4, 'm', 'OccurrenceConstraintViolation', 'missing', {}]);
    expect(new OcppCallError('FormatViolation', 'x').codeFor('ocpp1.6')).toBe('FormationViolation');
  });
});

describe('HandlerRegistry', () => {
  it('refuses an action registered twice', () => {
    const handler = ocpp16(V16.Heartbeat, async () => ({ currentTime: '' }));
    expect(() => new HandlerRegistry('ocpp1.6', [handler, handler])).toThrow(/registered twice/);
    expect(() => new HandlerRegistry('ocpp2.0.1', [handler])).toThrow(/not ocpp2.0.1/);
  });
});
