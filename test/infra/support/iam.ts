/**
 * Just enough of IAM's policy evaluation to check DynamoDB item writes against a function's
 * synthesised policy: `StringLike` patterns (`*` any characters, `?` one, case-sensitive) and the
 * `ForAllValues:StringLike` condition on `dynamodb:LeadingKeys` that `grantRowWrites` emits.
 */
import type { PolicyStatement } from './template';

/** Whether `value` matches the IAM `StringLike` pattern. */
export function matchesStringLike(pattern: string, value: string): boolean {
  const source = [...pattern].map((c) => (c === '*' ? '.*' : c === '?' ? '.' : c.replace(/[.+^${}()|[\]\\]/g, '\\$&')));
  return new RegExp(`^${source.join('')}$`, 's').test(value);
}

/** The `dynamodb:LeadingKeys` patterns of a statement, or undefined when it has no such condition. */
export function leadingKeyPatterns(statement: PolicyStatement): string[] | undefined {
  const patterns = statement.Condition?.['ForAllValues:StringLike']?.['dynamodb:LeadingKeys'];
  return patterns === undefined ? undefined : [patterns].flat();
}

/**
 * Whether the statements allow `action` on items with the partition keys `leadingKeys` (one
 * request: every key must match a pattern of the same statement, as `ForAllValues` requires).
 * Only Allow statements exist in the stack, so no Deny is evaluated.
 */
export function allowsWrite(statements: PolicyStatement[], action: string, leadingKeys: string[]): boolean {
  return statements.some((statement) => {
    if (statement.Effect !== 'Allow' || ![statement.Action].flat().includes(action)) return false;
    const patterns = leadingKeyPatterns(statement);
    return patterns === undefined || leadingKeys.every((key) => patterns.some((p) => matchesStringLike(p, key)));
  });
}

/**
 * A function's table writes as its statements grant them: the `dynamodb:LeadingKeys` patterns, the
 * write actions, and how many write statements carry no row condition (0 for a confined function).
 */
export function rowWritesOf(statements: PolicyStatement[]): {
  patterns: Set<string>;
  actions: Set<string>;
  unconfined: number;
} {
  const writes = statements.filter((s) =>
    [s.Action].flat().some((a) => /^dynamodb:(Put|Update|Delete|BatchWrite)/.test(a)),
  );
  return {
    patterns: new Set(writes.flatMap((s) => leadingKeyPatterns(s) ?? [])),
    actions: new Set(writes.flatMap((s) => [s.Action].flat())),
    unconfined: writes.filter((s) => leadingKeyPatterns(s) === undefined).length,
  };
}
