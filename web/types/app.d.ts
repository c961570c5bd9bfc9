// app.js, a build output (build/web/site): its factory (types/emscripten.d.ts).
import type { Factory } from './emscripten';
declare const createApp: Factory;
export default createApp;
