/**
 * The `getTariffs` operation kind (docs/charger-operations.md, "Station tariffs"): OCPP 2.1 I12
 * GetTariffs on every EVSE, so that an operator sees which tariffs a station holds (the site's,
 * sent as its default tariff: docs/tariffs.md, "OCPP 2.1 stations"). A read answered at once:
 * `Accepted` is `accepted` with the result's `tariffAssignments`; `NoTariff` is `accepted` with none
 * (the station holds nothing, a valid answer); `Rejected` is `rejected`; CALLERROR
 * NotSupported/NotImplemented `notSupported`. Only 2.1 has the message: a 1.6 or 2.0.1 charger named
 * by `chargerId`/`chargerIds` is a 400 naming that field, nothing written or sent; one of a `siteId`
 * target is `notSupported`, nothing sent (a site may mix versions). It never settles later.
 */
import { NotTakenByChargerError } from './errors';
import type { OperationInput } from './inputs';
import { outcomeOf, type OperationKind } from './kinds';

/** Statuses that answer the question: the station holds these tariffs, or none. */
const ANSWERED = new Set(['Accepted', 'NoTariff']);

/** GetTariffs (`evseId` 0) for each target. */
export const getTariffs: OperationKind<OperationInput<'getTariffs'>> = {
  action: 'getTariffs',
  check(request, { chargerId, connection }) {
    if (connection.takes.tariffs || request.siteId !== undefined) return;
    const field = request.chargerId === undefined ? 'chargerIds' : 'chargerId';
    throw new NotTakenByChargerError(
      field,
      chargerId,
      'tariffs are OCPP 2.1 (I12 GetTariffs): its OCPP version has none',
    );
  },
  async perform({ commands, target }) {
    const answer = await commands.send(target.chargerId, 'GetTariffs', {});
    if (!answer.ok || !ANSWERED.has(answer.result.ocppStatus)) return outcomeOf(answer);
    const { ocppStatus, answer: payload, tariffAssignments } = answer.result;
    return { status: 'accepted', ocppStatus, answer: payload, tariffAssignments };
  },
};
