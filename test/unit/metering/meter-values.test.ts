import { describe, expect, it } from 'vitest';
import { boundedReading, summarizeMeterValues, type Sample } from '../../../shared/metering/meter-values';

const at = '2026-11-21T10:00:00.000Z';
const later = '2026-11-21T10:01:00.000Z';
const one = (samples: Partial<Sample>[], timestamp = at) => [
  { timestamp, samples: samples.map((s) => ({ measurand: 'Energy.Active.Import.Register', value: 0, ...s })) },
];

describe('summarizeMeterValues', () => {
  it('reads a sample without measurand as the energy register in Wh', () => {
    expect(summarizeMeterValues(one([{ measurand: '', value: 1234 }])).energyRegisterWh).toEqual({
      value: 1234,
      timestamp: at,
    });
  });

  it('converts kWh and kW, and applies the OCPP 2.0.1 multiplier', () => {
    const snapshot = summarizeMeterValues(
      one([
        { value: 12.5, unit: 'kWh' },
        { measurand: 'Power.Active.Import', value: 7, unit: 'kW' },
        { measurand: 'Voltage', value: 23, unit: 'V', multiplier: 1 },
      ]),
    );
    expect(snapshot.energyRegisterWh?.value).toBe(12_500);
    expect(snapshot.powerKw?.value).toBe(7);
    expect(snapshot.voltage?.value).toBe(230);
  });

  it('sums energy and power over phases, takes the highest phase current and averages line-to-neutral voltage', () => {
    const snapshot = summarizeMeterValues(
      one([
        { value: 100, phase: 'L1' },
        { value: 110, phase: 'L2' },
        { value: 120, phase: 'L3' },
        { measurand: 'Power.Active.Import', value: 1000, phase: 'L1-N' },
        { measurand: 'Power.Active.Import', value: 2000, phase: 'L2-N' },
        { measurand: 'Current.Import', value: 16, phase: 'L1' },
        { measurand: 'Current.Import', value: 15.5, phase: 'L2' },
        { measurand: 'Current.Import', value: 0.2, phase: 'N' },
        { measurand: 'Voltage', value: 230, phase: 'L1-N' },
        { measurand: 'Voltage', value: 232, phase: 'L2-N' },
        { measurand: 'Voltage', value: 400, phase: 'L1-L2' },
      ]),
    );
    expect(snapshot).toMatchObject({
      energyRegisterWh: { value: 330 },
      powerKw: { value: 3 },
      currentA: { value: 16 },
      voltage: { value: 231 },
    });
  });

  it('prefers the value without phase over per-phase values', () => {
    const snapshot = summarizeMeterValues(
      one([
        { measurand: 'Current.Import', value: 48 },
        { measurand: 'Current.Import', value: 16, phase: 'L1' },
      ]),
    );
    expect(snapshot.currentA?.value).toBe(48);
  });

  it('prefers outlet samples for power but takes SoC wherever the EV reports it', () => {
    const snapshot = summarizeMeterValues(
      one([
        { measurand: 'Power.Active.Import', value: 9000, location: 'Inlet' },
        { measurand: 'Power.Active.Import', value: 7000, location: 'Outlet' },
        { measurand: 'SoC', value: 64, unit: 'Percent', location: 'EV' },
      ]),
    );
    expect(snapshot.powerKw?.value).toBe(7);
    expect(snapshot.socPercent?.value).toBe(64);
  });

  it('ignores export measurands, unknown units and values that are not numbers', () => {
    const snapshot = summarizeMeterValues(
      one([
        { measurand: 'Energy.Active.Export.Register', value: 5 },
        { measurand: 'Power.Active.Import', value: 5, unit: 'horsepower' },
        { measurand: 'Current.Import', value: Number('abc') },
      ]),
    );
    expect(snapshot).toEqual({});
  });

  it('keeps the latest reading of each kind across meter values', () => {
    const snapshot = summarizeMeterValues([
      { timestamp: later, samples: [{ measurand: 'SoC', value: 50 }] },
      {
        timestamp: at,
        samples: [
          { measurand: 'SoC', value: 40 },
          { measurand: 'Voltage', value: 230 },
        ],
      },
    ]);
    expect(snapshot.socPercent).toEqual({ value: 50, timestamp: later });
    expect(snapshot.voltage).toEqual({ value: 230, timestamp: at });
  });
});

describe('readings outside what an EV charger can measure', () => {
  it('drops impossible values and clamps noise within a unit of the range', () => {
    const snapshot = summarizeMeterValues(
      one([
        { value: 1e308 },
        { measurand: 'SoC', value: -30 },
        { measurand: 'Power.Active.Import', value: -0.04, unit: 'kW' },
        { measurand: 'Current.Import', value: 2000 },
        { measurand: 'Voltage', value: 1e308, multiplier: 5 },
      ]),
    );
    expect(snapshot).toEqual({ powerKw: { value: 0, timestamp: at } });
  });

  it('keeps each bound and clamps just past it', () => {
    expect(boundedReading('socPercent', 100)).toBe(100);
    expect(boundedReading('socPercent', 100.6)).toBe(100);
    expect(boundedReading('socPercent', 102)).toBeUndefined();
    expect(boundedReading('energyRegisterWh', 1e12)).toBe(1e12);
    expect(boundedReading('energyRegisterWh', 2e12)).toBeUndefined();
    expect(boundedReading('powerKw', -1)).toBe(0);
    expect(boundedReading('powerKw', -1.5)).toBeUndefined();
    expect(boundedReading('voltage', Number.NaN)).toBeUndefined();
    expect(boundedReading('currentA', Number.POSITIVE_INFINITY)).toBeUndefined();
  });

  it('judges per-phase values by their combination (three phases of 400 kW are 1,200 kW: dropped)', () => {
    const phases = ['L1', 'L2', 'L3'].map((phase) => ({
      measurand: 'Power.Active.Import',
      value: 400,
      unit: 'kW',
      phase,
    }));
    expect(summarizeMeterValues(one(phases)).powerKw).toBeUndefined();
  });
});
