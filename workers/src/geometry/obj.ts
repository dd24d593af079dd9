// Wavefront OBJ: `v` and `f` lines; polygons fan-triangulated; 1-based, negative (relative) indices;
// v, v/vt, v//vn and v/vt/vn corners. Everything else (normals, materials, groups) is ignored.
import { forEachLine, words } from './lines.ts';
import { addIndexedTriangle, forAnalysis, type MeshParser, VertexList } from './model.ts';
import { count, ModelRejection } from './reject.ts';

/** Parses an OBJ into a mesh made by `newMesh`. */
export const parseObjInto: MeshParser = async (upload, newMesh) => {
  const vertices = new VertexList();
  const mesh = newMesh();
  const corners: number[] = [];
  let faces = 0;
  let objects = 0;
  await forEachLine(upload.createReadStream(), 'OBJ', (line, lineNumber) => {
    const first = line.charCodeAt(0);
    // Fast path: only lines starting with v, f or o matter.
    if (first !== 118 && first !== 102 && first !== 111 && first !== 32 && first !== 9) return;
    const parts = words(line);
    const keyword = parts[0];
    if (keyword === 'v') {
      const x = Number(parts[1]);
      const y = Number(parts[2]);
      const z = Number(parts[3]);
      if (parts.length < 4 || !Number.isFinite(x + y + z)) {
        throw new ModelRejection(
          `Not a valid OBJ: line ${count(lineNumber)} is not a vertex of three numbers`,
        );
      }
      vertices.push(x, y, z);
    } else if (keyword === 'f') {
      corners.length = 0;
      for (let i = 1; i < parts.length; i++) {
        const token = parts[i] ?? '';
        const slash = token.indexOf('/');
        const raw = Number(slash === -1 ? token : token.slice(0, slash));
        if (!Number.isInteger(raw) || raw === 0) {
          throw new ModelRejection(
            `Not a valid OBJ: face on line ${count(lineNumber)} has a bad vertex "${token.slice(0, 40)}"`,
          );
        }
        const index = raw > 0 ? raw - 1 : vertices.length + raw;
        if (index < 0 || index >= vertices.length) {
          throw new ModelRejection(
            `Not a valid OBJ: face on line ${count(lineNumber)} refers to vertex ${raw}, but only ${count(vertices.length)} are defined`,
          );
        }
        corners.push(index);
      }
      if (corners.length < 3) {
        throw new ModelRejection(
          `Not a valid OBJ: face on line ${count(lineNumber)} has fewer than 3 vertices`,
        );
      }
      // Exporters list the vertices first: the tables can take their size from them.
      if (faces++ === 0) mesh.reserveVertices(vertices.length);
      const first = corners[0] ?? 0;
      for (let i = 1; i + 1 < corners.length; i++) {
        addIndexedTriangle(mesh, vertices, first, corners[i] ?? 0, corners[i + 1] ?? 0);
      }
    } else if (keyword === 'o') {
      objects++;
    }
  });
  if (mesh.triangleCount === 0) throw new ModelRejection('Not a valid OBJ: the file holds no faces');
  return { format: 'obj', mesh, metadata: { vertices: vertices.length, faces, objects } };
};

export const parseObj = forAnalysis(parseObjInto);
