/**
 * The `getCompositeSchedule` operation kind (docs/charger-operations.md, docs/smart-charging.md
 * "What the charger enforces"): asks a charger what it will hold a port to (OCPP 1.6
 * GetCompositeSchedule §5.7, 2.0.1 K08), its profiles and its own limits combined. A read: the
 * result is `accepted` with the schedule (`compositeSchedule`, its periods in A per phase or W
 * with the unit), `rejected` when the charger answers Rejected, `notSupported` for CALLERROR
 * NotSupported/NotImplemented.
 */
import type { OperationInput } from './inputs';
import { outcomeOf, type OperationKind } from './kinds';

/**
 * GetCompositeSchedule for each target: a port (`portId`, sent as its connectorId/evseId) or a
 * whole charger (connectorId/evseId 0: the grid connection), for `duration` seconds, in
 * `chargingRateUnit` when given.
 */
export const getCompositeSchedule: OperationKind<OperationInput<'getCompositeSchedule'>> = {
  action: 'getCompositeSchedule',
  async perform({ commands, request, target }) {
    const portNumber = target.portNumber ?? 0;
    const answer = await commands.send(target.chargerId, 'GetCompositeSchedule', {
      portNumber,
      duration: request.duration,
      ...(request.chargingRateUnit === undefined ? {} : { chargingRateUnit: request.chargingRateUnit }),
    });
    const outcome = outcomeOf(answer);
    if (!answer.ok || !answer.result.schedule) return outcome;
    // A 1.6 answer may leave out its connectorId: the schedule is the one asked for.
    return { ...outcome, compositeSchedule: { portNumber, ...answer.result.schedule } };
  },
};
