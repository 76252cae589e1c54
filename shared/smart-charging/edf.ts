/**
 * A vehicle whose need is unknown is never ranked behind the others for it (docs/smart-charging.md,
 * "What the plan knows"): in the slot that is sent, it gets at least what earliest-departure-first
 * would give it. The planner reads a guessed need (a forecast, the default battery) as it reads a
 * told one, and an exact plan on a wrong guess can leave the vehicle with nothing while it has
 * time to spare on paper; earliest-departure-first needs no need to be right.
 *
 * The rule, as acnportal's `earliest_deadline_first` runs it at one instant: the vehicles that hold
 * power (not released, not probed; overrides and uncontrolled load counted first), in order of
 * their departure (then first come, then portId), a vehicle without one (not even an estimate:
 * only the default dwell, which may have passed) last, as EDF ranks an unknown deadline, each get
 * the most they can take (their cap, or what their need, guessed or not, takes in 5 minutes: the
 * shortest first slot) that every limit (the cost limit too) still leaves. What it gives the
 * vehicles with an unknown need and a departure (told or estimated) is their floor. A vehicle with
 * neither has no floor: EDF has nothing to rank it by, and among such vehicles the plan's fair
 * share decides, as before.
 *
 * @module
 */
import { consume, consumeLoad, headroomW, siteBudgets } from './budgets';
import { MIN_FIRST_SLOT_MS, plannedDeparture } from './horizon';
import { activeOverrideW, uncontrolledLoadW, type WorkPort } from './ports';
import { needKnown } from './needs';
import type { AllocationInput } from './types';

/**
 * What earliest-departure-first gives each holding vehicle whose need is unknown, W.
 * @param ports fresh work ports of the input, sorted by portId, released and probed ones marked
 * @returns W by portId, for the vehicles with an unknown need that it gives power
 */
export function edfFloors(input: AllocationInput, ports: readonly WorkPort[]): Map<number, number> {
  const firstSlotHours = MIN_FIRST_SLOT_MS / 3_600_000;
  const budgets = siteBudgets(input);
  for (const p of ports) {
    if (p.state === 'uncontrolled') consumeLoad(budgets, p, uncontrolledLoadW(p.session));
    const override = activeOverrideW(p.session, input.now);
    if (p.state === 'active' && override !== undefined) consume(budgets, p, override);
  }
  const departure = (p: WorkPort) => {
    const planned = plannedDeparture(p.session, input.now);
    return planned.known ? planned.time : Infinity;
  };
  const queue = ports
    .filter((p) => p.state === 'active' && activeOverrideW(p.session, input.now) === undefined)
    .sort(
      (a, b) =>
        (departure(a) === departure(b) ? 0 : departure(a) < departure(b) ? -1 : 1) ||
        a.session.startTime - b.session.startTime ||
        a.portId - b.portId,
    );
  const floors = new Map<number, number>();
  for (const p of queue) {
    const wanted = Math.min(p.capW, p.need ? p.need.energyWh / firstSlotHours : Infinity);
    const grant = Math.max(0, Math.min(wanted, headroomW(budgets, p).headroomW));
    if (grant <= 0) continue;
    consume(budgets, p, grant);
    if (!needKnown(p.session) && departure(p) !== Infinity) floors.set(p.portId, grant);
  }
  return floors;
}
