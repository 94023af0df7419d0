// Live performance figures of this session, shown by /performance.
import { create } from 'zustand';
import type { Rating, VitalName } from './vitals';

export interface VitalSample {
  name: VitalName;
  value: number;
  rating: Rating;
  /** ms since the page started (performance.now()). */
  at: number;
}

export interface LongTask {
  duration: number;
  at: number;
}

export interface MemoryReading {
  used: number;
  limit: number;
  ratio: number;
  at: number;
}

interface PerfState {
  latest: Partial<Record<VitalName, VitalSample>>;
  history: VitalSample[];
  longTasks: LongTask[];
  memory: MemoryReading | null;
  memoryWarnings: number;
}

const MAX_HISTORY = 200;

export const usePerformance = create<PerfState>(() => ({
  latest: {},
  history: [],
  longTasks: [],
  memory: null,
  memoryWarnings: 0,
}));

export function recordVital(sample: VitalSample): void {
  usePerformance.setState((s) => ({
    latest: { ...s.latest, [sample.name]: sample },
    history: [...s.history, sample].slice(-MAX_HISTORY),
  }));
}

export function recordLongTask(task: LongTask): void {
  usePerformance.setState((s) => ({ longTasks: [...s.longTasks, task].slice(-MAX_HISTORY) }));
}

export function recordMemory(reading: MemoryReading, warning: boolean): void {
  usePerformance.setState((s) => ({ memory: reading, memoryWarnings: s.memoryWarnings + (warning ? 1 : 0) }));
}
