/**
 * The console's colours (lib/console/src/styles.css) meet WCAG 2.2 AA: text at least 4.5:1
 * against what it is drawn on (badges, notices, muted text, links, on white and on the header's
 * panel), and the chart's lines (lib/console/src/power-data.ts) at least 3:1 against the white
 * plot, as graphics need.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONSOLE_SOURCE_DIR } from '../../../lib/console/build';
import { LINE_COLOURS } from '../../../lib/console/src/power-data';

const css = readFileSync(`${CONSOLE_SOURCE_DIR}/src/styles.css`, 'utf8');
const colours = Object.fromEntries([...css.matchAll(/--([a-z-]+):\s*(#[0-9a-f]{3,6});/gi)].map((m) => [m[1]!, m[2]!]));

function luminance(hex: string): number {
  const full = hex.length === 4 ? [...hex.slice(1)].map((c) => c + c).join('') : hex.slice(1);
  const [r, g, b] = [0, 2, 4].map((i) => {
    const channel = parseInt(full.slice(i, i + 2), 16) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two colours. */
function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

describe('console colours', () => {
  it.each(['ok', 'busy', 'warn', 'fault', 'off'])(
    '%s badges and notices: text at least 4.5:1 on their background',
    (tone) => {
      expect(contrast(colours[`${tone}-fg`]!, colours[`${tone}-bg`]!)).toBeGreaterThanOrEqual(4.5);
    },
  );

  it.each(['text', 'muted', 'link'])('%s at least 4.5:1 on white and on the panel', (name) => {
    expect(contrast(colours[name]!, colours.bg!)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(colours[name]!, colours.panel!)).toBeGreaterThanOrEqual(4.5);
  });

  it('white button text at least 4.5:1 on the link colour', () => {
    expect(contrast('#ffffff', colours.link!)).toBeGreaterThanOrEqual(4.5);
  });

  it.each(Object.entries(LINE_COLOURS))('the %s line at least 3:1 on the white plot', (_name, colour) => {
    expect(contrast(colour, '#ffffff')).toBeGreaterThanOrEqual(3);
  });
});
