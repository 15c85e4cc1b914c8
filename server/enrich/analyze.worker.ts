import { type AnalyzeInput, analyzePage } from './analyze.js';

/** Piscina task entry: runs in a worker thread (analyzer-pool.ts). */
export default function analyze(input: AnalyzeInput) {
  return analyzePage(input);
}
