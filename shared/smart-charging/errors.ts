/**
 * The smart-charging allocation's one error: an input it cannot allocate.
 *
 * @module
 */

/**
 * A field of the allocation's input is out of range (a negative limit, a port maximum of 0, two
 * sessions on one port…). `field` names it as a path into the input, e.g. `sessions[2].voltageV`.
 * Nothing was allocated.
 */
export class AllocationInputError extends RangeError {
  /**
   * @param field path of the offending field in the input (`limits.cost.limit`, `sessions[0].phases`)
   * @param detail what is wrong with it
   */
  constructor(
    readonly field: string,
    detail: string,
  ) {
    super(`${field}: ${detail}`);
    this.name = 'AllocationInputError';
  }
}
