/**
 * `npm run bench -- realtime-depot`: the real-time depot (`test/support/realtime-depot.ts`: six
 * small vans reporting SoC but not their battery, leaving 7 and 12 minutes after plug-in under a
 * 30 kW cost limit) replayed with the product's planner, with and without a van's readings making
 * the site plan again, and with each van's telematics telling its SoC and battery (its pushes
 * planning again or not, each or only those that change the plan): departures met, each van's SoC
 * at its departure, and the allocations by cause.
 */
import highsLoader from 'highs';
import { replayRealtimeDepot } from '../support/realtime-depot';

export async function run(): Promise<void> {
  const solver = await highsLoader();
  console.log('\n## The real-time depot: 6 vans (2 DCFC, 4 Level 2), 30 kW cost limit, leaving at 7 and 12 min');
  for (const [name, readings, telematics, pushes] of [
    ['plug-ins and the 5-minute schedule only', false, false, undefined],
    ['and on the vans readings', true, false, undefined],
    ['with telematics (SoC and battery known from plug-in), plug-ins and the schedule only', false, true, undefined],
    ['with telematics, and the readings', true, true, undefined],
    ['with telematics pushed every 3 s, each push planning again', false, true, 'each'],
    ['with telematics pushed every 3 s, only a push that changes the plan', false, true, 'judged'],
  ] as const) {
    const outcome = replayRealtimeDepot(solver, readings, telematics, pushes);
    const met = outcome.vans.filter((v) => v.met).length;
    const socs = outcome.vans.map((v) => `${v.portId} (${v.minutes} min) ${v.socAtDeparture} %`).join(', ');
    console.log(`  ${name}: ${met}/${outcome.vans.length} departures met; at departure: ${socs}`);
    console.log(`    ${outcome.allocations} allocations, causes ${JSON.stringify(outcome.byCause)}`);
  }
}
