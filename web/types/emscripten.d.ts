// The Emscripten programs as the page's modules see them (the build outputs app.js, reader.js and
// dicom.js in build/web/site, linked with -sMODULARIZE -sEXPORT_ES6: cmake/web.cmake). Only
// what web/ uses is declared; each export is reached by ccall (web/bridge.js: its table).
export type CType = 'string' | 'number' | 'boolean' | null;

export interface EmscriptenModule {
  ccall(name: string, returns: CType, argTypes: CType[], args: unknown[]): any;
  _malloc(bytes: number): number;
  _free(ptr: number): void;
  HEAPU8: Uint8Array;
  HEAPU32?: Uint32Array;
  HEAPF32: Float32Array;
  HEAPF64?: Float64Array;
  calledRun?: boolean;
  // The page's own fields on it: the EM_ASM hooks (hpFrameDone, …), hpGpu, the exports
  // (_hp_wake, …), hpProgress (the reader's).
  [field: string]: any;
}

// A factory: fills `moduleArg` (the page's settings and hooks) and resolves to it once the
// runtime is up.
export type Factory = (moduleArg?: Record<string, unknown>) => Promise<EmscriptenModule>;
