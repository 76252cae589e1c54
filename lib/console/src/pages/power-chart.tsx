/**
 * The site power chart (uPlot): power as a stepped line, the cost and capacity limits as dashed
 * flat lines across the whole window. Sized to its container (phones included). The figure's
 * caption says in words what the canvas shows; its `data-*` attributes name the limit lines'
 * canvas positions, which the browser test reads to check the drawn pixels.
 *
 * @module
 */
import { useEffect, useRef } from 'preact/hooks';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { LINE_COLOURS } from '../power-data';

/** Props of {@link PowerChart}. */
export interface PowerChartProps {
  /** x in seconds, then power, cost limit and capacity limit in kW (see `chartData`). */
  data: [number[], ...(number | null)[][]];
  /** Stepped (15-minute intervals) or straight (live samples). */
  stepped: boolean;
  /** Text alternative of the chart. */
  summary: string;
}

function options(width: number, stepped: boolean): uPlot.Options {
  const limit = (label: string, stroke: string): uPlot.Series => ({
    label,
    stroke,
    width: 2,
    dash: [10, 5],
    points: { show: false },
    value: (_u, v) => (v === null ? '—' : `${v.toFixed(1)} kW`),
  });
  return {
    width,
    height: Math.max(200, Math.min(360, Math.round(width * 0.5))),
    scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(1, max * 1.15)] } },
    // Wide tick spacing keeps the two-line time labels apart, on phones too.
    axes: [{ space: 110 }, { label: 'kW', size: 56 }],
    series: [
      {},
      {
        label: 'Site power',
        stroke: LINE_COLOURS.power,
        width: 2,
        fill: 'rgba(31, 95, 191, 0.12)',
        spanGaps: false,
        points: { show: (u) => u.data[0].length < 20 },
        ...(stepped ? { paths: uPlot.paths.stepped?.({ align: 1 }) } : {}),
        value: (_u, v) => (v === null ? '—' : `${v.toFixed(2)} kW`),
      },
      limit('Cost limit', LINE_COLOURS.cost),
      limit('Capacity limit', LINE_COLOURS.capacity),
    ],
    hooks: { draw: [markLimitPositions] },
  };
}

/** Puts the plot area and the limit lines' rows (canvas pixels) on the figure, for the browser test. */
function markLimitPositions(u: uPlot): void {
  const figure = u.root.closest('figure');
  if (!figure) return;
  figure.dataset.plotLeft = String(Math.round(u.bbox.left));
  figure.dataset.plotTop = String(Math.round(u.bbox.top));
  figure.dataset.plotWidth = String(Math.round(u.bbox.width));
  figure.dataset.plotHeight = String(Math.round(u.bbox.height));
  for (const [index, name] of [
    [2, 'cost'],
    [3, 'capacity'],
  ] as const) {
    const value = u.data[index]?.[0];
    if (typeof value === 'number') figure.dataset[`${name}Y`] = String(Math.round(u.valToPos(value, 'y', true)));
    else delete figure.dataset[`${name}Y`];
  }
}

/** The chart; recreated only when the line style changes, otherwise fed new data. */
export function PowerChart(props: PowerChartProps) {
  const holder = useRef<HTMLDivElement>(null);
  const chart = useRef<uPlot | null>(null);
  useEffect(() => {
    const element = holder.current;
    if (!element) return;
    const plot = new uPlot(options(element.clientWidth || 320, props.stepped), props.data, element);
    chart.current = plot;
    const observer = new ResizeObserver(() => {
      const width = element.clientWidth;
      if (width > 0 && width !== plot.width)
        plot.setSize({ width, height: options(width, props.stepped).height ?? 300 });
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      plot.destroy();
      chart.current = null;
    };
  }, [props.stepped]);
  useEffect(() => chart.current?.setData(props.data), [props.data]);
  return (
    <figure class="chart" aria-label="Site power over time">
      <div ref={holder} class="chart-canvas" aria-hidden="true" />
      <figcaption>{props.summary}</figcaption>
    </figure>
  );
}
