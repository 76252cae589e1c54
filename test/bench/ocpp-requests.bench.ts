/**
 * Speed: DynamoDB requests per message kind, for the first frame of a
 * connection on a cold Lambda instance (connection record read) and on a warm one (cached).
 */
import { registerCharger } from '../../shared/chargers/registration';
import { connectAcceptingCharger, countRequests, report, startBenchStack } from './support';

export async function run(): Promise<void> {
  const bench = await startBenchStack();
  try {
    const { stack } = bench;
    const { site } = bench;
    const rows: Record<string, string> = {};
    for (const protocol of ['ocpp1.6', 'ocpp2.0.1'] as const) {
      const ocppId = `REQ-${protocol}`;
      await registerCharger(stack.db, {
        siteId: site.id,
        ocppId,
        name: ocppId,
        type: 'DCFC',
        ports: [{ connectorType: 'CCS1' }],
      });
      const charger = await connectAcceptingCharger(`${stack.ocppUrl}/${ocppId}`, protocol);
      const call = (action: string, payload: object) => countRequests(() => charger.call(action, payload));
      const label = (what: string, m: { total: number; byOperation: Record<string, number> }) => {
        rows[`${protocol} ${what}`] = `${m.total} ${JSON.stringify(m.byOperation)}`;
      };
      const now = () => new Date().toISOString();
      label('first frame (Heartbeat, cold instance)', await call('Heartbeat', {}));
      label('Heartbeat', await call('Heartbeat', {}));
      if (protocol === 'ocpp1.6') {
        label('BootNotification', await call('BootNotification', { chargePointVendor: 'V', chargePointModel: 'M' }));
        label(
          'StatusNotification',
          await call('StatusNotification', {
            connectorId: 1,
            errorCode: 'NoError',
            status: 'Charging',
            timestamp: now(),
          }),
        );
        const start = await call('StartTransaction', { connectorId: 1, idTag: 'TAG', meterStart: 0, timestamp: now() });
        label('StartTransaction', start);
        const transactionId = start.result.transactionId;
        label(
          'MeterValues',
          await call('MeterValues', {
            connectorId: 1,
            transactionId,
            meterValue: [
              {
                timestamp: now(),
                sampledValue: [
                  { value: '1000' },
                  { value: '7000', measurand: 'Power.Active.Import', unit: 'W' },
                  { value: '50', measurand: 'SoC' },
                ],
              },
            ],
          }),
        );
        label('StopTransaction', await call('StopTransaction', { transactionId, meterStop: 2000, timestamp: now() }));
      } else {
        label(
          'BootNotification',
          await call('BootNotification', { reason: 'PowerUp', chargingStation: { model: 'M', vendorName: 'V' } }),
        );
        label(
          'StatusNotification',
          await call('StatusNotification', {
            timestamp: now(),
            connectorStatus: 'Occupied',
            evseId: 1,
            connectorId: 1,
          }),
        );
        const tx = { transactionId: 'bench-tx-1' };
        const meter = (wh: number) => [
          { timestamp: now(), sampledValue: [{ value: wh }, { value: 50, measurand: 'SoC' }] },
        ];
        label(
          'TransactionEvent Started',
          await call('TransactionEvent', {
            eventType: 'Started',
            timestamp: now(),
            triggerReason: 'Authorized',
            seqNo: 0,
            transactionInfo: tx,
            evse: { id: 1, connectorId: 1 },
            meterValue: meter(0),
          }),
        );
        label(
          'TransactionEvent Updated (no evse)',
          await call('TransactionEvent', {
            eventType: 'Updated',
            timestamp: now(),
            triggerReason: 'MeterValuePeriodic',
            seqNo: 1,
            transactionInfo: tx,
            meterValue: meter(1000),
          }),
        );
        label('MeterValues', await call('MeterValues', { evseId: 1, meterValue: meter(1500) }));
        label(
          'TransactionEvent Ended',
          await call('TransactionEvent', {
            eventType: 'Ended',
            timestamp: now(),
            triggerReason: 'StopAuthorized',
            seqNo: 2,
            transactionInfo: tx,
            meterValue: meter(2000),
          }),
        );
      }
      charger.ws.close();
    }
    report('DynamoDB requests per OCPP message (warm instance unless stated)', rows);
  } finally {
    await bench.close();
  }
}
