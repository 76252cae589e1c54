/**
 * Loads the planner's solver: HiGHS compiled to WebAssembly (the `highs` package), once per
 * process. Kept out of `./index.ts` so that only the code that plans (the `allocate` function, the
 * local stack, benchmarks) bundles the solver; everything else imports the pure allocation.
 *
 * @module
 */
import highsLoader from 'highs';
import type { PlanSolver } from './linear-program';

let loading: Promise<PlanSolver> | undefined;

/**
 * The process's HiGHS instance, loaded on first use (≈ 0.1–0.3 s: the 3.5 MB WebAssembly module,
 * found beside the loader as `highs.wasm`). A failed load is retried at the next call.
 * @throws the loader's error when the WebAssembly module cannot be read or instantiated
 */
export function loadPlanSolver(): Promise<PlanSolver> {
  loading ??= highsLoader().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}
