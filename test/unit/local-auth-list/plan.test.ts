import { describe, expect, it } from 'vitest';
import {
  applyMessage,
  chunks,
  DEFAULT_ITEMS_PER_MESSAGE,
  differences,
  fitList,
  messagesOf,
  type DesiredEntry,
} from '../../../shared/local-auth-list/plan';

const rfid = (idTag: string): DesiredEntry => ({ idTag, type: 'RFID' });
const limits16 = { maxIdTagLength: 20 };

describe('fitList', () => {
  it('keeps the tags the version carries, the first maxLength of them, and counts the others', () => {
    const desired = [rfid('A'), rfid('X'.repeat(21)), rfid('B'), rfid('C')];
    expect(fitList(desired, { maxIdTagLength: 20, maxLength: 2 })).toEqual({
      entries: [rfid('A'), rfid('B')],
      omitted: 2,
    });
    expect(fitList(desired, { maxIdTagLength: 36 }).omitted).toBe(0);
  });
});

describe('differences', () => {
  it('removes what is no longer wanted first, then adds what is missing', () => {
    expect(differences(['A', 'B'], [rfid('B'), { idTag: 'C', type: 'Vehicle' }])).toEqual([
      { idTag: 'A', type: 'RFID', remove: true },
      { idTag: 'C', type: 'Vehicle' },
    ]);
    expect(differences(['A'], [rfid('A')])).toEqual([]);
  });
});

describe('chunks and messagesOf', () => {
  const entries = ['A', 'B', 'C', 'D', 'E'].map((idTag) => ({ idTag, type: 'RFID' as const }));

  it('cuts by entries per message and by bytes', () => {
    expect(chunks(entries, { ...limits16, itemsPerMessage: 2 }).map((c) => c.length)).toEqual([2, 2, 1]);
    // 160 bytes of frame + 91 per one-letter entry: two fit in 400 bytes, not three.
    expect(chunks(entries, { ...limits16, bytesPerMessage: 400 }).map((c) => c.length)).toEqual([2, 2, 1]);
    expect(chunks(Array(120).fill(entries[0]), limits16).map((c) => c.length)).toEqual([
      DEFAULT_ITEMS_PER_MESSAGE,
      DEFAULT_ITEMS_PER_MESSAGE,
      20,
    ]);
  });

  it('sends a Full update as a Full first chunk then Differentials, each with the next version', () => {
    const messages = messagesOf('Full', entries, 7, { ...limits16, itemsPerMessage: 2 });
    expect(messages.map((m) => [m.updateType, m.listVersion, m.entries.length])).toEqual([
      ['Full', 8, 2],
      ['Differential', 9, 2],
      ['Differential', 10, 1],
    ]);
    const held = messages.reduce<string[]>((list, message) => applyMessage(list, message), ['OLD']);
    expect(held).toEqual(['A', 'B', 'C', 'D', 'E']);
  });

  it('sends an empty Full update as one message, and an empty Differential as none', () => {
    expect(messagesOf('Full', [], 0, limits16)).toEqual([{ updateType: 'Full', listVersion: 1, entries: [] }]);
    expect(messagesOf('Differential', [], 3, limits16)).toEqual([]);
  });
});
