/**
 * Synthesises the ChargingNetwork stack for assertions, without running esbuild
 * (`aws:cdk:bundling-stacks: []`: these tests are about the template; `npx cdk synth` bundles for
 * real), and finds resources by their properties (route keys, function descriptions naming the
 * entry file), never by logical ID.
 */
import { App } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { expect } from 'vitest';
import { ChargingNetworkStack, type ChargingNetworkStackProps } from '../../../lib/aws/stack';

/** A resource of the synthesised template. */
export interface CfnResource {
  Type: string;
  Properties: Record<string, any>;
  [key: string]: unknown;
}

/** A statement of an IAM policy document. */
export interface PolicyStatement {
  Effect: string;
  Action: string | string[];
  Resource: unknown;
  Condition?: Record<string, Record<string, string | string[]>>;
}

/** A new app that synthesises without running esbuild. */
export function appWithoutBundling(): App {
  return new App({ context: { 'aws:cdk:bundling-stacks': [] } });
}

/** A synthesised stack with lookup helpers. */
export interface Synthesised {
  stack: ChargingNetworkStack;
  template: Template;
  resources: Record<string, CfnResource>;
  /** Logical ID of the one resource of `type` whose properties match `properties`. */
  idOf(type: string, properties: Record<string, unknown>): string;
  /** Logical ID of the Lambda function bundled from `entry` (its description ends with the entry). */
  functionId(entry: string): string;
  /** Every statement of the policies attached to the role of the function bundled from `entry`. */
  statementsOf(entry: string): PolicyStatement[];
  /** Every IAM action granted to the role of the function bundled from `entry`. */
  actionsOf(entry: string): string[];
  /**
   * The table-stream event source mapping of the function bundled from `entry`: its properties, and
   * the entities its first filters pass on the new image and on the old one, and every pattern
   * (`NetworkTable.streamChangesTo`).
   * @throws Error when no mapping feeds it
   */
  streamMappingOf(entry: string): {
    properties: Record<string, any>;
    newImageEntities: string[] | undefined;
    oldImageEntities: string[] | undefined;
    /** Every filter pattern, parsed. */
    patterns: Record<string, unknown>[];
  };
}

/**
 * Synthesises a `ChargingNetwork` stack with `props` and returns it with lookup helpers.
 *
 * @param props - stack props (environment, domain, web ACL, alarms, …)
 */
export function synthesise(props?: ChargingNetworkStackProps): Synthesised {
  if (props !== undefined) return synthesiseNew(props);
  defaultStack ??= synthesiseNew(undefined);
  return defaultStack;
}

// The stack with default props, synthesised once per worker: the infra files share a worker's
// modules (`isolate: false` in vitest.config.ts), and most of them read this same template.
let defaultStack: Synthesised | undefined;

function synthesiseNew(props: ChargingNetworkStackProps | undefined): Synthesised {
  const stack = new ChargingNetworkStack(appWithoutBundling(), 'ChargingNetwork', props);
  const template = Template.fromStack(stack);
  const resources = template.toJSON().Resources as Record<string, CfnResource>;

  const idOf = (type: string, properties: Record<string, unknown>): string => {
    const ids = Object.keys(template.findResources(type, { Properties: Match.objectLike(properties) }));
    expect(ids, `exactly one ${type} matching ${JSON.stringify(properties)}`).toHaveLength(1);
    return ids[0]!;
  };
  const functionId = (entry: string): string => {
    const escaped = entry.replace(/[.]/g, '\\.');
    return idOf('AWS::Lambda::Function', { Description: Match.stringLikeRegexp(`(^|\\()${escaped}\\)?$`) });
  };
  const statementsOf = (entry: string): PolicyStatement[] => {
    const roleId = resources[functionId(entry)]!.Properties.Role['Fn::GetAtt'][0] as string;
    const policies = template.findResources('AWS::IAM::Policy', {
      Properties: { Roles: Match.arrayWith([{ Ref: roleId }]) },
    });
    return Object.values(policies).flatMap((policy) => policy.Properties.PolicyDocument.Statement as PolicyStatement[]);
  };
  const actionsOf = (entry: string): string[] => statementsOf(entry).flatMap((s) => [s.Action].flat());
  const streamMappingOf = (entry: string) => {
    const mapping = Object.values(resources).find(
      (r) => r.Type === 'AWS::Lambda::EventSourceMapping' && r.Properties.FunctionName?.Ref === functionId(entry),
    );
    if (!mapping) throw new Error(`no event source mapping feeds ${entry}`);
    const patterns = (mapping.Properties.FilterCriteria.Filters as { Pattern: string }[]).map(
      (f) => JSON.parse(f.Pattern) as { dynamodb: Record<string, { __edb_e__: { S: string[] } }> },
    );
    const entities = (image: 'NewImage' | 'OldImage') =>
      patterns.find((p) => p.dynamodb[image])?.dynamodb[image]?.__edb_e__.S;
    return {
      properties: mapping.Properties,
      newImageEntities: entities('NewImage'),
      oldImageEntities: entities('OldImage'),
      patterns,
    };
  };
  return { stack, template, resources, idOf, functionId, statementsOf, actionsOf, streamMappingOf };
}

/**
 * What every private bucket of the stack sets: every public access blocked, SSE-S3 (AES256)
 * encryption. For `toMatchObject` / `hasResourceProperties` on an `AWS::S3::Bucket`'s properties.
 */
export const PRIVATE_ENCRYPTED_BUCKET = {
  PublicAccessBlockConfiguration: {
    BlockPublicAcls: true,
    BlockPublicPolicy: true,
    IgnorePublicAcls: true,
    RestrictPublicBuckets: true,
  },
  BucketEncryption: {
    ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
  },
};
