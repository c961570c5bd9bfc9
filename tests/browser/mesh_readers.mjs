// Mesh files read back by readers no one here wrote: three.js's PLY, STL and glTF loaders and
// the Khronos glTF validator (installed by the test tier: tests/package.json).
import { PLYLoader } from 'three/examples/jsm/loaders/PLYLoader.js';
import { STLLoader } from 'three/examples/jsm/loaders/STLLoader.js';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import validator from 'gltf-validator';

const arrayBufferOf = (bytes) => bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);

// {vertices (distinct, as stored), faces, positions, normals, index} of a three.js geometry.
function described(geometry) {
  const index = geometry.getIndex();
  const positions = geometry.getAttribute('position').array;
  return { vertices: positions.length / 3, faces: (index ? index.count : positions.length / 3) / 3, positions,
    normals: geometry.getAttribute('normal')?.array, index: index ? index.array : null };
}

export const readPly = (bytes) => described(new PLYLoader().parse(arrayBufferOf(bytes)));
export const readStl = (bytes) => described(new STLLoader().parse(arrayBufferOf(bytes)));

// The three.js meshes of a glb, as GLTFLoader builds them.
function glbMeshes(bytes) {
  return new Promise((resolve, reject) => {
    new GLTFLoader().parse(arrayBufferOf(bytes), '', (gltf) => {
      const meshes = [];
      gltf.scene.traverse((o) => { if (o.isMesh) meshes.push(o); });
      resolve(meshes);
    }, (e) => reject(e instanceof Error ? e : new Error(String(e?.message ?? e))));
  });
}

export async function readGlb(bytes) {
  const meshes = await glbMeshes(bytes);
  if (meshes.length !== 1) throw new Error(`the glb holds ${meshes.length} meshes`);
  return described(meshes[0].geometry);
}

// A glb of parts (a label map's: a node each): [{name (the node's, as the file has it),
// color ('#rrggbb', sRGB, from the material's linear colour), faces}] in the scene's order.
export async function readGlbParts(bytes) {
  return (await glbMeshes(bytes)).map((o) => ({ name: o.userData.name ?? o.name,
    color: `#${o.material.color.getHexString()}`, faces: described(o.geometry).faces }));
}

// The validator's report: {errors, warnings, infos, messages (the first few, as text)}.
export async function validateGlb(bytes) {
  const report = await validator.validateBytes(new Uint8Array(bytes), { maxIssues: 50 });
  const issues = report.issues;
  return { errors: issues.numErrors, warnings: issues.numWarnings, infos: issues.numInfos,
    messages: issues.messages.slice(0, 6).map((m) => `${m.code} ${m.pointer ?? ''}: ${m.message}`) };
}

// Every undirected edge in exactly two triangles and every directed edge in one: a closed,
// consistently oriented surface. Returns '' or what is wrong.
export function watertight(index) {
  const directed = new Map();
  for (let t = 0; t < index.length; t += 3)
    for (let k = 0; k < 3; k++) {
      const key = `${index[t + k]},${index[t + (k + 1) % 3]}`;
      directed.set(key, (directed.get(key) ?? 0) + 1);
    }
  for (const [key, n] of directed) {
    if (n !== 1) return `directed edge ${key} in ${n} triangles`;
    const [a, b] = key.split(',');
    if (!directed.has(`${b},${a}`)) return `edge ${key} in one triangle only (a hole)`;
  }
  return '';
}
