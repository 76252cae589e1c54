/**
 * The simulator CLI's keyboard (`bin/simulate.ts`): single keys on a terminal, whole lines otherwise.
 */
import { createInterface, emitKeypressEvents } from 'node:readline';

/**
 * Calls `onKey` with each key pressed (a terminal in raw mode; Ctrl-C is `q`), or each line read
 * (standard input not a terminal).
 * @returns a function that stops listening
 */
export function listenForKeys(onKey: (key: string) => void): () => void {
  const { stdin } = process;
  if (stdin.isTTY) {
    emitKeypressEvents(stdin);
    stdin.setRawMode(true);
    const listener = (text: string | undefined, key: { name?: string; ctrl?: boolean } | undefined): void => {
      if (key?.ctrl && key.name === 'c') onKey('q');
      else if (text) onKey(text.toLowerCase());
    };
    stdin.on('keypress', listener);
    return () => {
      stdin.off('keypress', listener);
      stdin.setRawMode(false);
      stdin.pause();
    };
  }
  const lines = createInterface({ input: stdin });
  lines.on('line', (line) => {
    const key = line.trim().toLowerCase();
    if (key) onKey(key);
  });
  return () => lines.close();
}
