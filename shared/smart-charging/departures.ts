/**
 * Stage 4 of the allocation (spec §2.6 "vehicles that would otherwise miss their departure"):
 * power above the minimums goes first to vehicles whose departure is at risk.
 *
 * Each vehicle with a departure and a known need gets a target: the least constant power that
 * delivers what it still needs {@link DEPARTURE_MARGIN} early (taper included, `./taper.ts`), and
 * a laxity: time left minus the time it needs at its cap. Laxity < 0: it cannot make it even at
 * its cap.
 *
 * When the budget cannot save everyone, least laxity first alone is a poor choice: those left
 * behind lose laxity every minute, overtake the ones being served at the next allocation and push
 * them late in turn, until most miss. So the vehicles that can make it are first chosen as
 * Moore–Hodgson's rule chooses jobs to maximise those on time: in order of departure, each one's
 * energy above its minimum (target above current × time left) is added up, and whenever the sum
 * exceeds what the budgets left above the minimums deliver by that departure, the vehicle with the
 * largest energy so far is set aside. The chosen are raised to their target, least laxity first
 * (one whose target does not fit what is left is passed over for the next ones, then gets what
 * remains); then, in the same order, those set aside; then those that cannot make it, the least
 * behind first.
 *
 * @module
 */
import { coefficient, consume, headroomW, usable, type Budget } from './budgets';
import { byMinimumPriority, type WorkPort } from './ports';
import { requiredPowerW, secondsToDeliver } from './taper';

/**
 * Share of the time left by which a vehicle raised for its departure is planned to finish early:
 * covers a profile not re-sent for a change under 5 % / 1 kW, and the estimates' errors (battery
 * capacity, taper). A vehicle that can make it only without the margin is raised to its cap.
 */
export const DEPARTURE_MARGIN = 0.05;

/** A vehicle whose departure is at stake. */
interface Urgency {
  readonly port: WorkPort;
  /** Time left, s. */
  readonly leftS: number;
  /** Time left minus the time needed at the port's cap, s. */
  readonly laxityS: number;
  /** The power it should get, W. */
  readonly targetW: number;
}

function urgency(p: WorkPort, now: number): Urgency | undefined {
  if (!p.departure || !p.need || p.need.energyWh <= 0) return undefined;
  const leftS = Math.max(0, (p.departure.time - now) / 1000);
  const laxityS = leftS - secondsToDeliver(p.need, p.capW);
  // + 1 W so that rounding limits down to whole watts never makes it late.
  const plannedS = leftS * (1 - DEPARTURE_MARGIN);
  const targetW = laxityS < 0 ? p.capW : Math.min(p.capW, requiredPowerW(p.need, plannedS) + 1);
  return { port: p, leftS, laxityS, targetW };
}

/** Least laxity first (those that can make it), then the least behind; ties as minimums. */
function byUrgency(a: Urgency, b: Urgency): number {
  const late = Number(a.laxityS < 0) - Number(b.laxityS < 0);
  if (late !== 0) return late;
  if (a.laxityS !== b.laxityS) return a.laxityS < 0 ? b.laxityS - a.laxityS : a.laxityS - b.laxityS;
  return byMinimumPriority(a.port, b.port);
}

/** Energy above its current limit until departure, Wh·(budget unit per W). */
const extraWh = (u: Urgency, budget: Budget) =>
  (coefficient(budget, u.port) * (u.targetW - u.port.limitW) * u.leftS) / 3600;

/** Whether every chosen vehicle (sorted by departure) gets its energy by its departure within every budget. */
function feasible(chosen: readonly Urgency[], budgets: readonly Budget[]): boolean {
  return budgets.every((b) => {
    let sum = 0;
    return chosen.every((u) => {
      sum += extraWh(u, b);
      return sum <= (usable(b) * u.leftS) / 3600;
    });
  });
}

/** Moore–Hodgson: the vehicles that can make it, minus those set aside so that the rest can. */
function chooseOnTime(urgent: readonly Urgency[], budgets: readonly Budget[]): Set<Urgency> {
  const byDeparture = urgent
    .filter((u) => u.laxityS >= 0)
    .sort((a, b) => a.leftS - b.leftS || byMinimumPriority(a.port, b.port));
  const chosen: Urgency[] = [];
  const energy = (u: Urgency) => (u.targetW - u.port.limitW) * u.leftS;
  for (const u of byDeparture) {
    chosen.push(u);
    while (!feasible(chosen, budgets)) {
      const largest = chosen.reduce((a, b) =>
        energy(b) > energy(a) || (energy(b) === energy(a) && byMinimumPriority(b.port, a.port) > 0) ? b : a,
      );
      chosen.splice(chosen.indexOf(largest), 1);
    }
  }
  return new Set(chosen);
}

/** Raises `port` towards `targetW` as far as the budgets allow. */
function raiseTowards(port: WorkPort, targetW: number, budgets: readonly Budget[]): void {
  const wanted = targetW - port.limitW;
  if (wanted <= 0) return;
  const room = headroomW(budgets, port);
  const delta = Math.min(wanted, room.headroomW);
  if (delta < wanted && room.binding === 'charger') port.externalBound = true;
  if (delta <= 0) return;
  consume(budgets, port, delta);
  port.raisedBy = 'departure';
}

/**
 * Stage 4: raises the vehicles that would otherwise miss their departure (see the module's
 * documentation), taking the power from every budget.
 * @param ports the work ports after the minimums and overrides
 * @param now ms since epoch
 */
export function raiseForDepartures(ports: readonly WorkPort[], budgets: readonly Budget[], now: number): void {
  const candidates = ports.filter((p) => p.state === 'active' && p.overrideW === undefined);
  const urgent = candidates
    .map((p) => urgency(p, now))
    .filter((u) => u !== undefined)
    .sort(byUrgency);
  const onTime = chooseOnTime(urgent, budgets);
  const chosen = urgent.filter((u) => onTime.has(u));
  const passedOver = chosen.filter((u) => {
    if (headroomW(budgets, u.port).headroomW < u.targetW - u.port.limitW) return true;
    raiseTowards(u.port, u.targetW, budgets);
    return false;
  });
  for (const u of [...passedOver, ...urgent.filter((v) => !onTime.has(v))]) raiseTowards(u.port, u.targetW, budgets);
}
