// The page's one global, window.hp (web/main.js sets it; the benchmark's classic scripts, which
// drive it like any tool, name it bare), and the benchmark's own (web/bench/: its parts, its
// plans' runners and its result).
import type { hp as Hp } from '../api.js';

declare global {
  var hp: typeof Hp;
  interface Window {
    hpBench?: unknown;
    hpBenchParts: Record<string, (...args: any[]) => any>;
    hpBenchDicom?: (status: (text: string) => void) => Promise<object>;
    hpBenchMesh?: (status: (text: string) => void) => Promise<object>;
    hpBenchPrint?: (status: (text: string) => void) => Promise<object>;
    hpBenchBricks?: (status: (text: string) => void) => Promise<object>;
    hpBenchPickReady?: boolean;  // bench_bricks.js with pick=1: the driver may pick the file now
    hpBenchVolumes: { names: string[]; make(name: string, n: number): any; [more: string]: any };
    hpBenchLabels?: { run(status: (text: string) => void): Promise<object>; [part: string]: any };
  }
  var hpBenchParts: Window['hpBenchParts'];
  var hpBenchVolumes: Window['hpBenchVolumes'];
  // Mol*'s isosurface, bench/molstar (scripts/build-molstar.sh), loaded by the molstar plan.
  var hpMolstar: { isosurface(options: object): Promise<any> };
  interface Navigator {
    // Chromium's client hints (the benchmark's browser build); absent elsewhere.
    userAgentData?: { getHighEntropyValues(hints: string[]): Promise<{ fullVersionList?: unknown }> };
  }
}
export {};
