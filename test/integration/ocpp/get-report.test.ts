/**
 * Targeted device-model reads (`POST /api/ocpp/get-report`, OCPP 2.0.1 B08) against ocpp-rpc strict
 * clients: the GetReport a 2.0.1 station takes (our requestId, the filters as given), its
 * NotifyReport pages (one before its answer, out of order) merged into the stored device model
 * (only the variables they name change) and settling the result; EmptyResultSet accepted at once,
 * Rejected and NotSupported mapped with the note withdrawn; a report whose pages do not all come
 * `timeout` ReportIncomplete, still merged when they come; a 1.6 charger notSupported with nothing
 * sent; bad bodies refused with nothing sent.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { pollUntil } from '../support/ocpp';
import { useOperationChargers } from '../support/operation-chargers';
import { runOperationCommand } from '../support/admin';

process.env.GET_REPORT_WAIT_MS = '1500';

/** The chargers, and what they received of GetReport and how they answer it. */
const chargers = useOperationChargers({ idPrefix: 'REP', name: 'Report', actions: ['GetReport'] });
const { received } = chargers;
const post = (body: unknown) => chargers.post('get-report', body);

/** A reported variable: component `name`, variable `variable`, its Actual value. */
const reported = (component: string, variable: string, value: string) => ({
  component: { name: component },
  variable: { name: variable },
  variableAttribute: [{ type: 'Actual', value, mutability: 'ReadWrite' }],
  variableCharacteristics: { dataType: 'integer', supportsMonitoring: false },
});

describe('an OCPP 2.0.1 station', () => {
  const station = chargers.connected('ocpp2.0.1');
  const { chargerId } = station;
  const page = (requestId: number, seqNo: number, tbc: boolean, reportData: unknown[]) =>
    station.client.call('NotifyReport', { requestId, generatedAt: new Date().toISOString(), seqNo, tbc, reportData });
  /** The stored device model's variables as `Component.variable=value`. */
  const model = async () => {
    const { body } = await chargers.configuration(chargerId());
    return ((body.data?.variables ?? []) as any[])
      .map((v) => `${v.component.name}.${v.variable.name}=${v.attributes[0]?.value}`)
      .sort();
  };
  const targeted = async () =>
    (await chargers.stack.db.chargerConfiguration.get({ chargerId: chargerId() }).go({ consistent: true })).data
      ?.targetedReportIds ?? [];

  beforeAll(async () => {
    // A base report first: the device model a targeted report then updates.
    await page(4243, 0, false, [reported('A', 'x', '1'), reported('B', 'y', '2'), reported('C', 'z', '3')]);
    await pollUntil(model, (m) => m.length === 3, 'the base report');
  });

  it('asks for what the body names; the pages update only the variables they name and settle the result', async () => {
    chargers.answer = (_action, params) => {
      // The last page first, and before the answer: the request is noted before the CALL.
      void page(params.requestId, 1, false, [reported('D', 'w', '4')]).then(() =>
        page(params.requestId, 0, true, [reported('A', 'x', '10')]),
      );
      return { status: 'Accepted' };
    };
    const componentVariable = [
      { component: { name: 'A' }, variable: { name: 'x' } },
      { component: { name: 'D', instance: 'main', evse: { id: 1, connectorId: 1 } } },
    ];
    const { status, body } = await post({
      chargerId: chargerId(),
      componentCriteria: ['Active', 'Problem'],
      componentVariable,
    });
    const requestId = received[0]!.params.requestId;
    expect(received).toEqual([
      { action: 'GetReport', params: { requestId, componentCriteria: ['Active', 'Problem'], componentVariable } },
    ]);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      action: 'getReport',
      status: 'completed',
      results: [
        {
          status: 'accepted',
          ocppStatus: 'Accepted',
          note: `requestId ${requestId}: 2 pages, merged into the device model`,
        },
      ],
    });
    expect(await pollUntil(model, (m) => m.length === 4, 'the merge')).toEqual(['A.x=10', 'B.y=2', 'C.z=3', 'D.w=4']);
    // A page sent again merges again, alike: the base report is not replaced by it.
    await page(requestId, 1, false, [reported('D', 'w', '4')]);
    expect(await model()).toEqual(['A.x=10', 'B.y=2', 'C.z=3', 'D.w=4']);
  });

  it('EmptyResultSet is accepted at once; Rejected and NotSupported mapped; their notes withdrawn', async () => {
    const outcomes = [];
    for (const word of ['EmptyResultSet', 'Rejected', 'NotSupported']) {
      chargers.answer = () => ({ status: word });
      outcomes.push((await post({ chargerId: chargerId(), componentCriteria: ['Problem'] })).body.data.results[0]);
    }
    expect(outcomes.map((r) => [r.status, r.ocppStatus])).toEqual([
      ['accepted', 'EmptyResultSet'],
      ['rejected', 'Rejected'],
      ['notSupported', 'NotSupported'],
    ]);
    expect(outcomes[0].note).toMatch(/nothing matched/);
    const asked = received.map((r) => r.params.requestId);
    expect(received.map((r) => r.params)).toEqual(
      asked.map((requestId) => ({ requestId, componentCriteria: ['Problem'] })),
    );
    expect((await targeted()).filter((id: number) => asked.includes(id))).toEqual([]);
  });

  it('a report whose pages do not all come is timeout ReportIncomplete, and still merged when they come', async () => {
    chargers.answer = (_action, params) => {
      void page(params.requestId, 1, false, [reported('B', 'y', '20')]);
      return { status: 'Accepted' };
    };
    const { body } = await post({ chargerId: chargerId(), componentVariable: [{ component: { name: 'B' } }] });
    const requestId = received[0]!.params.requestId;
    expect(body.data.results[0]).toMatchObject({
      status: 'timeout',
      ocppStatus: 'Accepted',
      error: { code: 'ReportIncomplete', description: expect.stringContaining('missing seqNo 0') },
    });
    await page(requestId, 0, true, [reported('E', 'v', '5')]);
    expect(await pollUntil(model, (m) => m.includes('B.y=20'), 'the late merge')).toEqual([
      'A.x=10',
      'B.y=20',
      'C.z=3',
      'D.w=4',
      'E.v=5',
    ]);
  });

  it('is asked for with the operator CLI (chargers get-report), a bad criterion refused naming --criterion', async () => {
    chargers.answer = () => ({ status: 'EmptyResultSet' });
    const cli = (...args: string[]) =>
      runOperationCommand(
        chargers.stack,
        chargers.tenant.organizationId,
        ...['chargers', 'get-report', '--charger-id', String(chargerId()), ...args],
      );
    const asked = await cli('--criterion', 'Problem', '--variable', 'EVSE/1.Power', 'OCPPCommCtrlr');
    expect(asked.stderr).toBe('');
    expect(asked.json).toMatchObject({
      action: 'getReport',
      requestedBy: { operator: 'cli' },
      results: [{ status: 'accepted' }],
    });
    expect(received.map((r) => r.params)).toEqual([
      {
        requestId: expect.any(Number),
        componentCriteria: ['Problem'],
        componentVariable: [
          { component: { name: 'EVSE', evse: { id: 1 } }, variable: { name: 'Power' } },
          { component: { name: 'OCPPCommCtrlr' } },
        ],
      },
    ]);
    expect((await cli('--criterion', 'Broken')).stderr).toContain('--criterion');
    expect(received).toHaveLength(1);
  });

  it('refuses bad bodies with 400 naming the field, and sends nothing', async () => {
    const to = { chargerId: chargerId() };
    const cases: [unknown, string][] = [
      [{ ...to, componentCriteria: ['Broken'] }, 'body.componentCriteria.0'],
      [{ ...to, componentCriteria: [] }, 'body.componentCriteria'],
      [{ ...to, componentCriteria: ['Active', 'Active'] }, 'body.componentCriteria'],
      [{ ...to, componentVariable: [{}] }, 'body.componentVariable.0.component'],
      [{ ...to, componentVariable: [] }, 'body.componentVariable'],
      [{ ...to, componentVariable: [{ component: { name: '' } }] }, 'body.componentVariable.0.component.name'],
      [
        { ...to, componentVariable: [{ component: { name: 'A' }, variable: {} }] },
        'body.componentVariable.0.variable.name',
      ],
      [
        { ...to, componentVariable: [{ component: { name: 'A', evse: { id: -1 } } }] },
        'body.componentVariable.0.component.evse.id',
      ],
      [{ ...to, componentVariable: Array(101).fill({ component: { name: 'A' } }) }, 'body.componentVariable'],
      [{ ...to, requestId: 7 }, 'body.requestId'],
      [{ componentCriteria: ['Active'] }, 'body'],
    ];
    await chargers.expectRefused(cases.map(([body, field]) => ['get-report', body, field] as const));
    expect((await post({ chargerId: 999_999 })).status).toBe(404);
    expect(received).toEqual([]);
  });
});

describe('an OCPP 1.6 charger', () => {
  const charger = chargers.connected('ocpp1.6');

  it('has no GetReport: notSupported, nothing sent or noted', async () => {
    const chargerId = charger.chargerId();
    const { status, body } = await post({ chargerId, componentCriteria: ['Active'] });
    expect(status).toBe(200);
    expect(body.data.results[0]).toMatchObject({ status: 'notSupported' });
    const { data } = await chargers.stack.db.chargerConfiguration.get({ chargerId }).go({ consistent: true });
    expect(data?.targetedReportIds).toBeUndefined();
    expect(received).toEqual([]);
  });
});
