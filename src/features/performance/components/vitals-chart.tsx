import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { VitalSample } from '../store';
import { VITAL_LIMITS, VITAL_NAMES } from '../vitals';

const COLOURS = ['#1b4de4', '#c2410c', '#047857', '#7c3aed', '#b91c1c'];

/** Each reading as a percentage of its "good" limit, so five units share one axis (100% = the limit). */
export function chartData(history: VitalSample[]): uPlot.AlignedData {
  const times = [...new Set(history.map((s) => Math.round(s.at) / 1000))].sort((a, b) => a - b);
  const index = new Map(times.map((t, i) => [t, i]));
  const series = VITAL_NAMES.map(() => times.map<number | null>(() => null));
  for (const s of history) {
    const row = VITAL_NAMES.indexOf(s.name);
    const i = index.get(Math.round(s.at) / 1000);
    if (i !== undefined) series[row]![i] = (s.value / VITAL_LIMITS[s.name][0]) * 100;
  }
  return [times, ...series];
}

/** A line chart of the session's vitals (uPlot: canvas, ~50 KB, loaded only with this screen). */
export function VitalsChart({ history }: { history: VitalSample[] }) {
  const host = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);

  useEffect(() => {
    const el = host.current;
    if (!el) return;
    const width = () => Math.max(280, el.clientWidth);
    const opts: uPlot.Options = {
      width: width(),
      height: 260,
      scales: { x: { time: false } },
      axes: [
        { label: 'Seconds since the page opened', stroke: 'currentColor' },
        { label: '% of the good limit', stroke: 'currentColor', values: (_u, v) => v.map((n) => `${n}%`) },
      ],
      series: [
        { label: 'Time (s)' },
        ...VITAL_NAMES.map((name, i) => ({
          label: name,
          stroke: COLOURS[i],
          width: 2,
          spanGaps: true,
          points: { show: true, size: 6 },
          value: (_u: uPlot, v: number | null) => (v === null ? '–' : `${Math.round(v)}%`),
        })),
      ],
    };
    plot.current = new uPlot(opts, [[], ...VITAL_NAMES.map(() => [])], el);
    // Resizing inside the observer callback would change layout mid-observation (a "ResizeObserver
    // loop" error, which the global error handler reports): resize on the next frame instead.
    let frame = 0;
    const observer = new ResizeObserver(() => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const next = width();
        if (plot.current && plot.current.width !== next) plot.current.setSize({ width: next, height: 260 });
      });
    });
    observer.observe(el);
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
      plot.current?.destroy();
      plot.current = null;
    };
  }, []);

  useEffect(() => {
    plot.current?.setData(chartData(history));
  }, [history]);

  return <div ref={host} className="perf-chart" role="img" aria-label="Line chart of this session's Core Web Vitals" />;
}
