/**
 * A linear program assembled column by column and row by row, handed to HiGHS (the `highs`
 * package: the HiGHS solver compiled to WebAssembly) as a sparse model, and its solution read back.
 * Only the plumbing between the planner's variables and the solver's arrays; the model itself is
 * `./planner.ts`.
 *
 * @module
 */
import type { Highs } from 'highs';

/** The loaded HiGHS solver (`await highsLoader()` of the `highs` package): what the planner solves with. */
export type PlanSolver = Highs;

/** One row coefficient: column index and value. */
export type Term = readonly [column: number, coefficient: number];

/** Why a solve gave no solution. */
export class SolveError extends Error {
  override readonly name = 'SolveError';
}

/** A minimisation problem: columns with costs and bounds, rows of bounded sums. */
export class LinearProgram {
  private readonly cost: number[] = [];
  private readonly lower: number[] = [];
  private readonly upper_: number[] = [];
  private readonly rowLower: number[] = [];
  private readonly rowUpper: number[] = [];
  private readonly rowStarts: number[] = [0];
  private readonly indices: number[] = [];
  private readonly values: number[] = [];
  /** The model loaded in the solver between solves, with the bound clamp of that solver. */
  private live?: { model: ReturnType<PlanSolver['createModel']>; clamp: (v: number) => number };

  /** Adds a column `lower ≤ x ≤ upper` with objective coefficient `cost`; returns its index. */
  addColumn(cost: number, lower: number, upper: number): number {
    this.cost.push(cost);
    this.lower.push(lower);
    this.upper_.push(upper);
    return this.cost.length - 1;
  }

  /** Adds a row `lower ≤ Σ coefficient × column ≤ upper` (±Infinity for no bound); zero terms are dropped. */
  addRow(terms: readonly Term[], lower: number, upper: number): void {
    for (const [column, coefficient] of terms) {
      if (coefficient === 0) continue;
      this.indices.push(column);
      this.values.push(coefficient);
    }
    this.rowStarts.push(this.indices.length);
    this.rowLower.push(lower);
    this.rowUpper.push(upper);
  }

  /** Changes a column's bounds (also in the model being solved, if any: the next solve starts from the last basis). */
  bound(column: number, lower: number, upper: number): void {
    this.lower[column] = lower;
    this.upper_[column] = upper;
    this.live?.model.changeColBounds(column, this.live.clamp(lower), this.live.clamp(upper));
  }

  /** Changes a column's objective coefficient (as {@link bound}). */
  setCost(column: number, cost: number): void {
    this.cost[column] = cost;
    this.live?.model.changeColCost(column, cost);
  }

  /** Changes a row's upper bound (as {@link bound}). */
  rowBound(row: number, upper: number): void {
    this.rowUpper[row] = upper;
    this.live?.model.changeRowBounds(row, this.live.clamp(this.rowLower[row]!), this.live.clamp(upper));
  }

  /** A column's upper bound. */
  upper(column: number): number {
    return this.upper_[column]!;
  }

  /** Number of rows so far (the next row's index). */
  get rows(): number {
    return this.rowLower.length;
  }

  /**
   * Solves the problem with HiGHS within `budgetMs` (its `time_limit`). The model stays loaded until
   * {@link dispose}: a later solve after {@link bound} / {@link rowBound} changes starts from this
   * one's basis (HiGHS warm start).
   * @returns every column's value
   * @throws SolveError when the budget is spent, or HiGHS does not prove an optimum (infeasible,
   *   time or iteration limit, a solver error), naming its model status
   */
  solve(highs: PlanSolver, budgetMs: number): Float64Array {
    if (!(budgetMs > 0)) throw new SolveError(`no time left for the solve (budget ${Math.round(budgetMs)} ms)`);
    // No columns: nothing to plan (every vehicle released or probed), an answer rather than an error.
    if (this.cost.length === 0) return new Float64Array(0);
    const { model } = this.load(highs);
    model.zeroAllClocks();
    model.options.set({ output_flag: false, time_limit: budgetMs / 1000 });
    model.run();
    const status = model.getModelStatus();
    if (status !== highs.constants.modelStatus.optimal) {
      const name = Object.entries(highs.constants.modelStatus).find(([, code]) => code === status)?.[0];
      throw new SolveError(`HiGHS ended with model status ${name ?? status}`);
    }
    return model.getSolution().colValue;
  }

  /**
   * Solves a copy of the problem as a mixed-integer program with HiGHS, within `budgetMs`: the
   * same columns and rows, the given objective instead of the problem's (every other column costs
   * 0), and the given columns integral. The problem itself and its loaded model stay as they are.
   * @param objective cost by column (the columns it leaves out cost 0)
   * @param integers the integral columns (their bounds make binaries of them)
   * @param absGap the solve ends when the best solution found is within this of the optimum's bound
   * @param start a feasible solution to start from (every column's value)
   * @returns every column's value in the best solution found (optimal, or the incumbent when the
   *   budget ran out), or undefined when none was found (no time, or infeasible)
   * @throws SolveError when HiGHS fails (a solver error rather than an answer)
   */
  solveMip(
    highs: PlanSolver,
    budgetMs: number,
    objective: ReadonlyMap<number, number>,
    integers: readonly number[],
    absGap: number,
    start?: Float64Array,
  ): Float64Array | undefined {
    if (!(budgetMs > 0) || this.cost.length === 0 || integers.length === 0) return undefined;
    const colCost = new Float64Array(this.cost.length);
    for (const [column, cost] of objective) colCost[column] = cost;
    const integrality = new Int32Array(this.cost.length);
    for (const column of integers) integrality[column] = 1;
    const { model } = this.create(highs, colCost, integrality);
    try {
      model.options.set({
        output_flag: false,
        time_limit: budgetMs / 1000,
        mip_rel_gap: 0,
        mip_abs_gap: absGap,
        // Started from a feasible plan, the MIP finds its answer by branching: these improvement
        // heuristics cost most of its time (measured on the ACN month) and changed no answer.
        mip_heuristic_run_rins: false,
        mip_heuristic_run_rens: false,
        mip_heuristic_run_root_reduced_cost: false,
      });
      if (start) model.setSolution({ colValue: start });
      model.run();
      const status = model.getModelStatus();
      const { optimal, timeLimit, infeasible } = highs.constants.modelStatus;
      if (status === infeasible) return undefined;
      if (status !== optimal && status !== timeLimit) throw new SolveError(`HiGHS ended the MIP with ${status}`);
      const feasible = Number(model.info.get('primal_solution_status')) === 2;
      return feasible ? model.getSolution().colValue : undefined;
    } finally {
      model.dispose();
    }
  }

  /** Frees the solver's copy of the model (WebAssembly memory is not garbage-collected). */
  dispose(): void {
    this.live?.model.dispose();
    this.live = undefined;
  }

  /** The model loaded in the solver, loading it the first time. */
  private load(highs: PlanSolver): { model: ReturnType<PlanSolver['createModel']>; clamp: (v: number) => number } {
    this.live ??= this.create(highs, Float64Array.from(this.cost));
    return this.live;
  }

  /** A model of the problem in the solver, with these costs (and integrality, for a MIP). */
  private create(
    highs: PlanSolver,
    colCost: Float64Array,
    integrality?: Int32Array,
  ): { model: ReturnType<PlanSolver['createModel']>; clamp: (v: number) => number } {
    const inf = highs.infinity;
    const clamp = (v: number) => (v === Infinity ? inf : v === -Infinity ? -inf : v);
    const numCols = this.cost.length;
    const numRows = this.rowLower.length;
    const model = highs.createModel({
      numCols,
      numRows,
      colCost,
      ...(integrality ? { integrality } : {}),
      colLower: Float64Array.from(this.lower, clamp),
      colUpper: Float64Array.from(this.upper_, clamp),
      rowLower: Float64Array.from(this.rowLower, clamp),
      rowUpper: Float64Array.from(this.rowUpper, clamp),
      matrix: {
        format: 'csr',
        numRows,
        numCols,
        starts: Int32Array.from(this.rowStarts),
        indices: Int32Array.from(this.indices),
        values: Float64Array.from(this.values),
      },
    });
    return { model, clamp };
  }
}
