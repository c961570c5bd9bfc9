// reader.js, a build output (build/web/site): its factory (types/emscripten.d.ts).
import type { Factory } from './emscripten';
declare const createReader: Factory;
export default createReader;
