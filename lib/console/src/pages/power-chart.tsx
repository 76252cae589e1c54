/**
 * The site power chart (uPlot): power as a stepped line, the cost and capacity limits as dashed
 * stepped lines across the whole window; with smart charging's plan, the chart goes on after now
 * (a vertical marker) with the planned power as a lighter short-dashed stepped line, drawn over the
 * limits, and the limits slot by slot. An amp plan (and its limits) is drawn on a right-hand axis in A. Times are the
 * site's clock when its time zone is known. Sized to its container (phones included). The figure's
 * caption says in words what the canvas shows; its `data-*` attributes name the limit lines' and
 * the now marker's canvas positions, which the browser tests read to check the drawn pixels.
 *
 * @module
 */
import { useEffect, useRef } from 'preact/hooks';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { PlanUnit } from '../plan-data';
import { axisTopKw, type ChartData, LINE_COLOURS } from '../power-data';

/** Props of {@link PowerChart}. */
export interface PowerChartProps {
  /** x in seconds, then power, cost limit, capacity limit and, with `plan`, planned power (see `chartData`). */
  data: ChartData;
  /** Power stepped (15-minute intervals) or straight (live samples); the plan and limits are always stepped. */
  stepped: boolean;
  /** Text alternative of the chart. */
  summary: string;
  /** With a plan: now (ms), where the marker is drawn, and the plan's unit (A: on a right-hand axis). */
  plan?: { now: number; unit: PlanUnit } | null;
  /** The site's IANA time zone: the time axis reads the site's clock. */
  timeZone?: string;
  /**
   * The most the kW axis may show (see `axisTopKw`): the site's maximum or its highest limit,
   * whichever is higher; undefined: the data decides.
   */
  ceilingKw?: number;
}

const stepped = () => uPlot.paths.stepped?.({ align: 1 });

function options(
  width: number,
  props: PowerChartProps,
  now: { current: number | null },
  ceiling: { current: number | undefined },
): uPlot.Options {
  const amps = props.plan?.unit === 'A';
  const planScale = amps ? 'A' : 'y';
  const unit = amps ? 'A' : 'kW';
  const limit = (label: string, stroke: string): uPlot.Series => ({
    label,
    stroke,
    scale: planScale,
    width: 2,
    dash: [10, 5],
    paths: stepped(),
    points: { show: false },
    value: (_u, v) => (v === null ? '—' : `${v.toFixed(1)} ${unit}`),
  });
  const planned: uPlot.Series = {
    label: amps ? 'Planned (A)' : 'Planned',
    stroke: LINE_COLOURS.planned,
    scale: planScale,
    width: 2,
    dash: [4, 3],
    fill: 'rgba(0, 118, 108, 0.07)',
    spanGaps: false,
    paths: stepped(),
    points: { show: false },
    value: (_u, v) => (v === null ? '—' : `${v.toFixed(amps ? 1 : 2)} ${unit}`),
  };
  const upward: uPlot.Scale['range'] = (_u, _min, max) => [0, Math.max(1, max * 1.15)];
  // kW: within the site's maximum and limits (power beyond what the chargers can draw is cut off).
  const upwardKw: uPlot.Scale['range'] = (_u, _min, max) => [0, axisTopKw(max, ceiling.current ?? null, [])];
  const timeZone = props.timeZone;
  return {
    width,
    height: Math.max(200, Math.min(360, Math.round(width * 0.5))),
    ...(timeZone ? { tzDate: (ts: number) => uPlot.tzDate(new Date(ts * 1000), timeZone) } : {}),
    scales: { x: { time: true }, y: { range: upwardKw }, ...(amps ? { A: { range: upward } } : {}) },
    // Wide tick spacing keeps the two-line time labels apart, on phones too.
    axes: [
      { space: 110 },
      { label: 'kW', size: 56 },
      ...(amps ? [{ scale: 'A', side: 1, label: 'A (plan)', size: 56, grid: { show: false } }] : []),
    ],
    series: [
      {},
      {
        label: 'Site power',
        stroke: LINE_COLOURS.power,
        width: 2,
        fill: 'rgba(31, 95, 191, 0.12)',
        spanGaps: false,
        points: { show: (u) => u.data[0].length < 20 },
        ...(props.stepped ? { paths: stepped() } : {}),
        value: (_u, v) => (v === null ? '—' : `${v.toFixed(2)} kW`),
      },
      limit('Cost limit', LINE_COLOURS.cost),
      limit('Capacity limit', LINE_COLOURS.capacity),
      ...(props.plan ? [planned] : []),
    ],
    hooks: { draw: [(u) => drawNow(u, now.current), markPositions] },
  };
}

/** Draws the vertical "now" marker at `nowMs` (none without a plan). */
function drawNow(u: uPlot, nowMs: number | null): void {
  const figure = u.root.closest('figure');
  if (nowMs === null) {
    if (figure) delete figure.dataset.nowX;
    return;
  }
  const x = Math.round(u.valToPos(nowMs / 1000, 'x', true));
  const { ctx, bbox } = u;
  ctx.save();
  ctx.strokeStyle = LINE_COLOURS.now;
  ctx.fillStyle = LINE_COLOURS.now;
  ctx.lineWidth = Math.max(1, Math.round(uPlot.pxRatio));
  ctx.setLineDash([]);
  ctx.beginPath();
  ctx.moveTo(x, bbox.top);
  ctx.lineTo(x, bbox.top + bbox.height);
  ctx.stroke();
  ctx.font = `${Math.round(12 * uPlot.pxRatio)}px sans-serif`;
  ctx.textBaseline = 'top';
  ctx.fillText('now', x + 4 * uPlot.pxRatio, bbox.top + 2 * uPlot.pxRatio);
  ctx.restore();
  if (figure) figure.dataset.nowX = String(x);
}

/**
 * Puts the plot area, the limit lines' rows at their first value (canvas pixels) and, with a plan,
 * the now marker's column on the figure, for the browser tests.
 */
function markPositions(u: uPlot): void {
  const figure = u.root.closest('figure');
  if (!figure) return;
  figure.dataset.plotLeft = String(Math.round(u.bbox.left));
  figure.dataset.plotTop = String(Math.round(u.bbox.top));
  figure.dataset.plotWidth = String(Math.round(u.bbox.width));
  figure.dataset.plotHeight = String(Math.round(u.bbox.height));
  figure.dataset.yMax = String(u.scales.y?.max ?? '');
  for (const [index, name] of [
    [2, 'cost'],
    [3, 'capacity'],
  ] as const) {
    const values: ArrayLike<number | null | undefined> = u.data[index] ?? [];
    const value = Array.from(values).find((v) => typeof v === 'number');
    const scale = u.series[index]?.scale ?? 'y';
    if (typeof value === 'number') figure.dataset[`${name}Y`] = String(Math.round(u.valToPos(value, scale, true)));
    else delete figure.dataset[`${name}Y`];
  }
}

/**
 * The chart; recreated when the line style, the plan's unit (or whether there is a plan) or the time
 * zone change, otherwise fed new data.
 */
export function PowerChart(props: PowerChartProps) {
  const holder = useRef<HTMLDivElement>(null);
  const chart = useRef<uPlot | null>(null);
  const now = useRef<number | null>(props.plan?.now ?? null);
  now.current = props.plan?.now ?? null;
  const ceiling = useRef<number | undefined>(props.ceilingKw);
  ceiling.current = props.ceilingKw;
  const planUnit = props.plan?.unit ?? null;
  useEffect(() => {
    const element = holder.current;
    if (!element) return;
    const plot = new uPlot(options(element.clientWidth || 320, props, now, ceiling), props.data, element);
    chart.current = plot;
    const observer = new ResizeObserver(() => {
      const width = element.clientWidth;
      if (width > 0 && width !== plot.width)
        plot.setSize({ width, height: options(width, props, now, ceiling).height ?? 300 });
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      plot.destroy();
      chart.current = null;
    };
  }, [props.stepped, planUnit, props.timeZone]);
  useEffect(() => chart.current?.setData(props.data), [props.data]);
  return (
    <figure class="chart" aria-label="Site power over time">
      <div ref={holder} class="chart-canvas" aria-hidden="true" />
      <figcaption>{props.summary}</figcaption>
    </figure>
  );
}
