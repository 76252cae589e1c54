import { describe, expect, it } from 'vitest';
import { FrameParser, summarizePayload } from '../../../lib/simulator/log';

describe('wire log', () => {
  it('labels a CALLRESULT and a CALLERROR with the action of their CALL', () => {
    const parser = new FrameParser();

    parser.parse('[2,"a","Heartbeat",{}]', 'sent');
    parser.parse('[2,"b","Reset",{"type":"Soft"}]', 'received');

    expect(parser.parse('[3,"a",{"currentTime":"2025-01-01T00:00:00Z"}]', 'received')).toMatchObject({
      messageType: 'CALLRESULT',
      action: 'Heartbeat',
    });
    expect(parser.parse('[4,"b","InternalError","boom",{}]', 'sent')).toMatchObject({
      messageType: 'CALLERROR',
      action: 'Reset',
      payload: { errorCode: 'InternalError', errorDescription: 'boom' },
    });
    expect(parser.parse('not json', 'received')).toBeUndefined();
  });

  it('cuts long payloads but always shows the condensed meter values', () => {
    const summary = summarizePayload(
      { text: 'x'.repeat(50), transactionData: [{ timestamp: 't', sampledValue: [{ value: '1', unit: 'Wh' }] }] },
      20,
    );

    expect(summary).toBe('{"text":"xxxxxxxxxx… transactionData⟨E=1Wh⟩');
  });

  it('condenses meter values in payload summaries', () => {
    const summary = summarizePayload({
      connectorId: 1,
      meterValue: [
        {
          timestamp: '2025-01-01T00:00:00Z',
          sampledValue: [
            { value: '100360', measurand: 'Energy.Active.Import.Register', unit: 'Wh' },
            { value: '10.4', measurand: 'Current.Import', phase: 'L1', unit: 'A' },
            { value: '10.4', measurand: 'Current.Import', phase: 'L2', unit: 'A' },
            { value: 40, measurand: 'SoC', unitOfMeasure: { unit: 'Percent' } },
          ],
        },
      ],
    });

    expect(summary).toBe('{"connectorId":1} meterValue⟨E=100360Wh I=10.4/10.4A SoC=40%⟩');
  });
});
