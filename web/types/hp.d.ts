// What window.hp's calls take and give (docs/api.md says what each field means). The page's
// modules name these in their JSDoc (`import('./types/hp').Stats`); tsc checks them
// (web/tsconfig.json). The app's JSON replies (hp_stats, hp_volume_info, …) are parsed into
// these shapes: a field added on the C++ side is added here too.

export type Pyramid = 'scalar' | 'vec4' | 'baseline' | 'webgpu-scan' | 'webgpu-pyramid';
export type Source = 'metaballs' | 'sphere' | 'noise' | 'png' | 'file';
export type View = 'surface' | 'all' | 'slices' | 'pyramid' | 'stream' | 'explain' | 'none';
export type MeshType = 'ply' | 'stl' | 'glb' | 'obj' | '3mf';
/** A setting's value as hp.set takes it (a number or flag may come as its text, as in the URL). */
type Num = number | string;
type Flag = 0 | 1 | boolean | string;

// hp.set's object: any subset (the app's table, app/core/settings/settings.cpp, decides; a bad
// key or value rejects).
export interface Settings {
  pyramid?: Pyramid; sums?: 'float' | 'uint'; source?: Source; classify?: 'surface' | 'solid' | 'labels';
  iso?: Num; time?: Num; paused?: Flag; volume?: Num; atlas?: Num; readback?: 'sync' | 'async' | 'expected';
  expected?: Num; overlay?: Flag; view?: View; key?: Num; step?: Num;
  color?: 'normal' | 'depth' | 'order' | 'bone' | 'label'; route?: 'vertex' | 'fragment';
  vertices?: 'soup' | 'shared'; clock?: 'wall' | 'fixed'; timestamps?: 'passes' | 'whole';
  scan?: 'blocks' | 'rts' | 'single'; fallback?: Flag; pieces?: 'all' | 'largest' | 'above';
  minPiece?: Num; smooth?: Num; labelSmooth?: Num; decimate?: Num; closed?: Flag; processed?: Flag;
  cropX0?: Num; cropX1?: Num; cropY0?: Num; cropY1?: Num; cropZ0?: Num; cropZ1?: Num;
  shell?: Num; drainHoles?: Num; drainMm?: Num; printUp?: 'z' | '-z' | 'y' | '-y' | 'x' | '-x';
  bricks?: 'auto' | 'on'; brick?: Num; poolMb?: Num;
}
/** The hollow shell in effect (app/demo/loop/shell_cache.h): voxel estimates; holes' axes in the mesh files' mm. */
export interface ShellInfo {
  wallMm: number; cavities: number; filled: number; holes: number; solidMm3: number; materialMm3: number; ms: number;
  holeAxesMm: [number, number, number, number, number, number][];
}

export type Rect = { x: number; y: number; width: number; height: number } | null;
export interface Losses { webgl: number; webglRestored: number; webgpu: number; webgpuRestored: number; reason: string }
/** The last DICOM load's steps, ms from the call (web/dicom_open.js). */
export interface FileMs {
  decoded?: number; read?: number; ended?: number; workerHeapMB?: number; streamed?: boolean;
}

export interface DicomMs {
  plan?: number; slices?: number; ended?: number; decoders?: number; workerHeapMB?: number;
  reading?: number; decoding?: number;
}

// hp.stats(): the app's JSON (app/demo/page/web_api.cpp) and the page's own (heapBytes, losses,
// kernels, dicomMs, fileMs).
export interface Stats {
  frame: number; count: number; countRead: boolean; countAge: number; repeated: number; keysDrawn: number;
  pyramid: Pyramid; sums: string; source: Source; classify: string; iso: number; time: number; paused: boolean | number;
  atlas: number; volume: number | null; readback: string; expected: number; overlay: boolean | number; view: View;
  clock: string; timestamps: string; scan: string; fallback: boolean | number; key: number; step: number;
  pieces: string; minPiece: number; smooth: number; labelSmooth: number; decimate: number; closed: boolean | number; processed: boolean | number;
  cropX0: number; cropX1: number; cropY0: number; cropY1: number; cropZ0: number; cropZ1: number;
  shell: number; drainHoles: number; drainMm: number; printUp: string; shellMade: ShellInfo | null;
  bricks: { size: number; grid: [number, number, number]; count: number; active: number; voxelsHeld: number; activeOnGpu: number | null;
    surface: { brick: number; active: number; rounds: number; slots: number; round: number; uploaded: number; uploads: number;
      vertices: number; truncated: boolean; ms: { plan: number; issue: number; wait: number; gpu: number | null } } | null; why: string } | null;
  previewFactor: number;
  timing: 'gpu' | 'cpu' | 'none'; backend: 'webgl2' | 'webgpu'; webgpu: string; serial: number;
  mesh: boolean; meshCapacity: number; vertexCount: number; verticesRead: boolean; vertexKeysDrawn: number;
  sharedVertexCount: number; extracted: boolean; color: string; route: string; vertices: string;
  ms: Record<string, number>;
  gl: { textures: number; framebuffers: number; programs: number; buffers: number; programsKept: number };
  glPrograms: { asked: number; built: number };
  dims: [number, number, number]; spacing: [number, number, number]; range: [number, number];
  file: string | null;
  layout: { surface: Rect; slices: Rect; stream: Rect; pyramid: Rect; overlay: Rect; cropHandles: [number | null, number | null][] | null };
  camera: { yaw: number; pitch: number; distance: number; target: number[] };
  explain: Explain | { error: string } | null; message: string; heapUsed: number;
  progress: { task: string; done: number; total: number } | null;
  heapBytes: number; losses: Losses; kernels: Kernels; dicomMs: DicomMs | null; fileMs: FileMs | null;
}

/** The WebGPU compute pipelines the page asked for and those it compiled (a kernel asked for
 * again on the same device is the one made before). */
export interface Kernels { asked: number; compiled: number }

/** A stream entry: voxel x, y, z and w (the cell's case, the voxel's value, or its label). */
export type StreamEntry = [number, number, number, number];

export interface Mesh {
  vertices: number; positions: Float32Array; normals: Float32Array; edges?: Float64Array; indices?: Uint32Array;
  sharedVertices?: number; labels: Float32Array; otherLabels: Float32Array;
}
export interface ReadOptions { limit?: number; closed?: boolean }
export interface MeshFileOptions { type?: MeshType; closed?: boolean }

export interface LabelFigures {
  triangles: number; vertices: number; pieces: number; boundaryEdges: number; nonManifoldEdges: number;
  zeroAreaTriangles: number; volumeMm3: number; areaMm2: number;
}
export interface Label extends Partial<LabelFigures> {
  value: number; name: string; color: string; voxels: number; shown: boolean;
}
export interface MeshReport extends LabelFigures {
  closed: boolean; steps: { pieces: string; minPiece: number; smooth: number; labelSmooth: number; decimate: number; maxErrorMm: number };
  zeroAreaMerged: number; piecesBefore: number; piecesKept: number; decimatedFrom: number;
  decimateErrorMm: number; verticesSplit: number; ms: number; shell: ShellInfo | null; labels?: Label[];
}
export interface LabelAt { value: number; name: string; voxel: [number, number, number] }

export interface ExplainStep {
  level: number; texel: [number, number]; sum: number; range: [number, number]; children?: number[]; child?: number;
}
export interface Explain {
  key: number; count: number; voxel: [number, number, number]; base: [number, number]; case?: number;
  path?: ExplainStep[]; label?: number; faces?: number;
  scan?: { tile: number; tileSize: number; tileStart: number; offsetInTile: number };
}

// hp.loadVolume's options (the load options' table, app/core/settings/load_options.cpp, and
// the page's own: png, table, tableName, series).
export interface LoadOptions {
  name?: string; dims?: string | number[]; type?: string; spacing?: string | number[]; endian?: 'little' | 'big';
  downsample?: Num; tile?: Num; png?: boolean; table?: Bytes; tableName?: string;
  series?: string;
}
export interface Preset { name: string; iso: number }
/** What hp.loadVolume resolves to (hp_volume_info, with the page's additions). */
export interface VolumeInfo {
  file: 'nifti' | 'nrrd' | 'mha' | 'vtk' | 'raw' | 'png' | 'dicom'; dims: [number, number, number];
  spacing: [number, number, number]; type: string; range: [number, number]; presets: Preset[];
  replaced: number; notes: string[]; toWorld: number[]; space: 'RAS' | 'LPS' | '';
  /** How the app holds the values: 8 and 16 bits as stored, value = slope · stored + intercept. */
  stored: { type: 'uint8' | 'int8' | 'uint16' | 'int16' | 'float32'; slope: number; intercept: number };
  tableError?: string;
  // DICOM
  series?: { uid: string; description: string; modality: string; slices: number; dims: number[] }[];
  seriesShown?: string; files?: number; skipped?: number; noImage?: number;
}
export interface Volume extends VolumeInfo {
  values: Float32Array;
  stored: VolumeInfo['stored'] & { values: Uint8Array | Int8Array | Uint16Array | Int16Array | Float32Array };
}
export interface Sample {
  name: string; label?: string; file: string; presets?: Preset[]; attribution?: string; tile?: number;
  downsample?: number; table?: string; classify?: Settings['classify'];
}

export interface RunFramesOptions {
  ms?: number; draw?: boolean; mesh?: boolean; inFlight?: number; chunk?: number; between?: (() => void) | null;
}
export interface RunFramesResult {
  frames: number; wallMs: number; perFrameMs: number; startMs: number; endMs: number;
  loop: { issueMs: number; issueMsPerFrame?: number; chunks: number; blocked: number };
}
export interface ScanResult { scan: Uint32Array; total: number }
/** hp.webgpuScan's options: `fallback` 'aggregates' withholds every inclusive post but tile 0's. */
export interface ScanOptions { scan?: 'blocks' | 'rts' | 'single'; fallback?: boolean | 'aggregates' }

/** A URL, bytes, or (hp.loadVolume) a Blob such as a picked File. */
export type Bytes = string | ArrayBuffer | Uint8Array<ArrayBuffer>;
