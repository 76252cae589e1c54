/**
 * Speed: DynamoDB requests per message kind, for the first frame of a
 * connection on a cold Lambda instance (connection record read) and on a warm one (cached), for
 * each OCPP version.
 */
import { registerCharger } from '../../shared/chargers/registration';
import { createSite } from '../../shared/chargers/sites';
import { operatorSite, putSiteTariff } from '../../shared/site-power/tariffs';
import { type BenchStack, connectAcceptingCharger, countRequests, report, startBenchStack } from './support';

export async function run(): Promise<void> {
  const bench = await startBenchStack();
  try {
    const { stack } = bench;
    const { site } = bench;
    const rows: Record<string, string> = {};
    // OCPP 2.1 is served by the 2.0.1 handlers: the same requests per message are expected.
    for (const protocol of ['ocpp1.6', 'ocpp2.0.1', 'ocpp2.1'] as const) {
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
        await transaction201(call, label, `bench-tx-${protocol}`, '');
      }
      charger.ws.close();
    }
    await tariffedTransaction(bench, label201(rows));
    report('DynamoDB requests per OCPP message (warm instance unless stated)', rows);
  } finally {
    await bench.close();
  }
}

type Measure = { total: number; byOperation: Record<string, number> };
type Call = (action: string, payload: object) => Promise<Measure>;
type Label = (what: string, m: Measure) => void;

const label201 =
  (rows: Record<string, string>): Label =>
  (what, m) => {
    rows[`ocpp2.0.1 ${what}`] = `${m.total} ${JSON.stringify(m.byOperation)}`;
  };

/**
 * One 2.0.1 transaction: Started, two Updated (the second within 5 minutes of the first: a tariffed
 * site prices only the first), MeterValues, Ended; `suffix` names the rows.
 */
async function transaction201(call: Call, label: Label, transactionId: string, suffix: string): Promise<void> {
  const now = () => new Date().toISOString();
  const tx = { transactionId };
  const meter = (wh: number) => [{ timestamp: now(), sampledValue: [{ value: wh }, { value: 50, measurand: 'SoC' }] }];
  const event = (eventType: string, seqNo: number, wh: number, extra: object = {}) =>
    call('TransactionEvent', {
      eventType,
      timestamp: now(),
      triggerReason:
        eventType === 'Updated' ? 'MeterValuePeriodic' : eventType === 'Started' ? 'Authorized' : 'StopAuthorized',
      seqNo,
      transactionInfo: tx,
      meterValue: meter(wh),
      ...extra,
    });
  label(`TransactionEvent Started${suffix}`, await event('Started', 0, 0, { evse: { id: 1, connectorId: 1 } }));
  label(`TransactionEvent Updated (no evse)${suffix}`, await event('Updated', 1, 1000));
  label(`TransactionEvent Updated again${suffix}`, await event('Updated', 2, 1200));
  label(`MeterValues${suffix}`, await call('MeterValues', { evseId: 1, meterValue: meter(1500) }));
  label(`TransactionEvent Ended${suffix}`, await event('Ended', 3, 2000));
}

/**
 * The same transaction on a site with a tariff: the response carries the cost. The instance has
 * not read that site's tariff before the first Updated (its 2 GetItems are counted there).
 */
async function tariffedTransaction(bench: BenchStack, label: Label): Promise<void> {
  const { stack } = bench;
  const created = await createSite(stack.db, {
    organizationId: bench.organization.id,
    name: 'Bench tariffed site',
    timezone: 'UTC',
  });
  const every = [1, 2, 3, 4, 5, 6, 7];
  await putSiteTariff(stack.db, await operatorSite(stack.db, created.id), {
    currency: 'USD',
    energyPrices: [
      { name: 'offPeak', daysOfWeek: every, startTime: '00:00', endTime: '16:00', pricePerKwh: 0.12 },
      { name: 'onPeak', daysOfWeek: every, startTime: '16:00', endTime: '24:00', pricePerKwh: 0.45 },
    ],
  });
  const ocppId = 'REQ-ocpp2.0.1-tariff';
  await registerCharger(stack.db, {
    siteId: created.id,
    ocppId,
    name: ocppId,
    type: 'DCFC',
    ports: [{ connectorType: 'CCS1' }],
  });
  const charger = await connectAcceptingCharger(`${stack.ocppUrl}/${ocppId}`, 'ocpp2.0.1');
  const call: Call = (action, payload) => countRequests(() => charger.call(action, payload));
  await call('Heartbeat', {});
  await transaction201(call, label, 'bench-tx-tariff', ' (tariff)');
  charger.ws.close();
}
