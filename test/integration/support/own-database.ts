/**
 * Setup file of the integration project: this test file's own database on the shared DynamoDB
 * Local. The global setup starts DynamoDB Local with a database per region (not `-sharedDb`), and
 * every client of the file (the handlers, the stream reader, the operator CLI it runs) follows
 * `AWS_REGION`, so a region of the file's own is a database of its own. DynamoDB Local's stream
 * queries scan every stream record of their database: in one database for the whole run, each
 * write and each stream read grew slower as the run went on (most of DynamoDB Local's CPU).
 */
import { randomUUID } from 'node:crypto';

process.env.AWS_REGION = `test-${randomUUID().slice(0, 8)}`;
