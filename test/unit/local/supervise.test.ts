import { describe, expect, it } from 'vitest';
import { PortInUseError } from '../../../lib/local/ports';
import { portInUseLine, unexpectedExitMessage } from '../../../lib/local/supervise';

describe('portInUseLine', () => {
  it('is one line naming the service, the port and the setting that moves it', () => {
    const line = portInUseLine(new PortInUseError(8000, 'DynamoDB Local'), 'DYNAMODB_PORT');
    expect(line).toBe(
      'DynamoDB Local: port 8000 is already in use (another npm start?). ' +
        'Stop that, or choose another port: DYNAMODB_PORT=8001 npm start',
    );
    expect(portInUseLine(new PortInUseError(65535, 'X'), 'PORT')).toContain('PORT=65534');
  });
});

describe('unexpectedExitMessage', () => {
  const output = 'Initializing DynamoDB Local\nException in thread "main" java.lang.OutOfMemoryError\n';

  it('names the signal and stays one line when a signal ended it', () => {
    expect(unexpectedExitMessage(42, { code: null, signal: 'SIGKILL', output })).toBe(
      'DynamoDB Local (pid 42) stopped unexpectedly (signal SIGKILL); ' +
        'the local stack cannot serve without it and stops. Run npm start again.',
    );
  });

  it('adds its last output when it exited by itself', () => {
    const message = unexpectedExitMessage(42, { code: 1, signal: null, output });
    expect(message.split('\n')[0]).toContain('(exit code 1)');
    expect(message).toContain(
      'Its last output:\nInitializing DynamoDB Local\nException in thread "main" java.lang.OutOfMemoryError',
    );
  });
});
