import { describe, expect, it } from 'vitest';
import { toProblemError } from '../../../lambdas/http/lib/http-handler';
import {
  ChargerErrorResponse,
  ChargerNotConnectedError,
  ChargerTimeoutError,
} from '../../../shared/ocpp/commands/errors';

describe("the command path's errors as problem documents", () => {
  it.each([
    [
      new ChargerNotConnectedError(7),
      {
        type: '/problems/charger-not-connected',
        title: 'Charger Not Connected',
        status: 409,
        detail: 'Charger 7 is not connected; the command was not sent',
      },
    ],
    [
      new ChargerTimeoutError(7, 'ReserveNow', 20_000),
      {
        type: '/problems/charger-timeout',
        title: 'Gateway Timeout',
        status: 504,
        detail: 'Charger 7 did not answer ReserveNow within 20 s; a late answer is ignored',
      },
    ],
    [
      new ChargerTimeoutError(7, 'ReserveNow', 1_500),
      {
        type: '/problems/charger-timeout',
        title: 'Gateway Timeout',
        status: 504,
        detail: 'Charger 7 did not answer ReserveNow within 1.5 s; a late answer is ignored',
      },
    ],
    [
      new ChargerErrorResponse(7, 'ReserveNow', 'CALLERROR InternalError: disk full'),
      {
        type: '/problems/charger-error',
        title: 'Bad Gateway',
        status: 502,
        detail: 'Charger 7 answered ReserveNow with CALLERROR InternalError: disk full',
      },
    ],
  ])('maps %s', (error, document) => {
    expect(toProblemError(error).toProblem()).toEqual({ ...document, error: document.detail });
  });
});
