// The three.js preview of one model (STL, OBJ, 3MF, PLY): loaded from the owner-only download
// route, turned the way it prints (Z up, as slicers and the analysis read it), centred, lit, with orbit
// controls, and with the places the printability checks point at marked. This module and three.js
// load only when a preview opens.
import { useEffect, useRef, useState } from 'react';
import * as THREE from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import { ThreeMFLoader } from 'three/examples/jsm/loaders/3MFLoader.js';
import { OBJLoader } from 'three/examples/jsm/loaders/OBJLoader.js';
import { PLYLoader } from 'three/examples/jsm/loaders/PLYLoader.js';
import { STLLoader } from 'three/examples/jsm/loaders/STLLoader.js';
import { fetchFileBytes } from '../../api/projectFiles.ts';
import type { PreviewFormat } from './formats.ts';

// Both sides drawn: an open mesh shows its inside through the hole instead of a see-through gap.
const MATERIAL = () =>
  new THREE.MeshStandardMaterial({
    color: 0xea580c,
    metalness: 0.1,
    roughness: 0.55,
    side: THREE.DoubleSide,
  });

function parseModel(format: PreviewFormat, bytes: ArrayBuffer): THREE.Object3D {
  if (format === 'stl') {
    const geometry = new STLLoader().parse(bytes);
    geometry.computeVertexNormals();
    return new THREE.Mesh(geometry, MATERIAL());
  }
  if (format === 'ply') {
    const geometry = new PLYLoader().parse(bytes);
    geometry.computeVertexNormals();
    return new THREE.Mesh(geometry, MATERIAL());
  }
  if (format === 'obj') {
    const group = new OBJLoader().parse(new TextDecoder().decode(bytes));
    group.traverse((child) => {
      if (child instanceof THREE.Mesh) child.material = MATERIAL();
    });
    return group;
  }
  const group = new ThreeMFLoader().parse(bytes);
  group.traverse((child) => {
    if (child instanceof THREE.Mesh) child.material = MATERIAL();
  });
  return group;
}

const MARKER_COLOURS: Record<string, number> = { blocks: 0xdc2626, warns: 0xf59e0b, info: 0x2563eb };

/** A place a finding points at, in the file's own coordinates. */
export interface PreviewMarker {
  at: [number, number, number];
  severity: string;
}

/**
 * The part as it prints: the print orientation (file → print, Z up), then Z up turned to three.js's Y
 * up. The markers ride along, so they stay on the places they point at.
 */
function placed(
  model: THREE.Object3D,
  rotation: readonly number[] | null,
  markers: readonly PreviewMarker[],
) {
  const part = new THREE.Group();
  part.add(model);
  const size = new THREE.Box3().setFromObject(model).getSize(new THREE.Vector3()).length() || 1;
  const geometry = new THREE.SphereGeometry(size / 90, 16, 12);
  for (const marker of markers) {
    const dot = new THREE.Mesh(
      geometry,
      new THREE.MeshBasicMaterial({ color: MARKER_COLOURS[marker.severity] ?? 0x2563eb, depthTest: false }),
    );
    dot.position.set(...marker.at);
    dot.renderOrder = 1;
    part.add(dot);
  }
  const r = rotation && rotation.length === 9 ? rotation : [1, 0, 0, 0, 1, 0, 0, 0, 1];
  const toPrint = new THREE.Matrix4().set(
    r[0] ?? 1,
    r[1] ?? 0,
    r[2] ?? 0,
    0,
    r[3] ?? 0,
    r[4] ?? 1,
    r[5] ?? 0,
    0,
    r[6] ?? 0,
    r[7] ?? 0,
    r[8] ?? 1,
    0,
    0,
    0,
    0,
    1,
  );
  const zUpToYUp = new THREE.Matrix4().makeRotationX(-Math.PI / 2);
  part.applyMatrix4(zUpToYUp.multiply(toPrint));
  const scene = new THREE.Group();
  scene.add(part);
  return scene;
}

export interface ModelCanvasProps {
  downloadUrl: string;
  format: PreviewFormat;
  label: string;
  /** The print orientation's rotation (row-major 3×3), as uploaded when absent. */
  orientation?: readonly number[] | null;
  markers?: readonly PreviewMarker[];
}

export default function ModelCanvas({
  downloadUrl,
  format,
  label,
  orientation = null,
  markers = [],
}: ModelCanvasProps) {
  // The preview is rebuilt only when what it shows changes, not when a poll hands over equal arrays.
  const placement = JSON.stringify({ orientation, markers });
  const hostRef = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'error' | 'unsupported'>('loading');

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    const abort = new AbortController();
    const width = host.clientWidth || 320;
    const height = host.clientHeight || 240;
    let renderer: THREE.WebGLRenderer;
    try {
      renderer = new THREE.WebGLRenderer({ antialias: true, alpha: true });
    } catch {
      setState('unsupported');
      return;
    }
    renderer.setPixelRatio(Math.min(window.devicePixelRatio, 2));
    renderer.setSize(width, height, false);
    renderer.domElement.setAttribute('role', 'img');
    renderer.domElement.setAttribute('aria-label', `3D preview of ${label}`);
    renderer.domElement.className = 'model-canvas';
    host.appendChild(renderer.domElement);

    const scene = new THREE.Scene();
    const camera = new THREE.PerspectiveCamera(40, width / height, 0.1, 100_000);
    scene.add(new THREE.HemisphereLight(0xffffff, 0x94a3b8, 1.6));
    const sun = new THREE.DirectionalLight(0xffffff, 1.4);
    sun.position.set(1, 2, 3);
    scene.add(sun);
    const controls = new OrbitControls(camera, renderer.domElement);
    controls.enableDamping = true;

    let frame = 0;
    const render = () => {
      frame = requestAnimationFrame(render);
      controls.update();
      renderer.render(scene, camera);
    };

    fetchFileBytes({ downloadUrl }, abort.signal)
      .then((bytes) => {
        const shown = JSON.parse(placement) as { orientation: number[] | null; markers: PreviewMarker[] };
        const model = placed(parseModel(format, bytes), shown.orientation, shown.markers);
        const box = new THREE.Box3().setFromObject(model);
        const centre = box.getCenter(new THREE.Vector3());
        const size = box.getSize(new THREE.Vector3()).length() || 1;
        model.position.sub(centre);
        scene.add(model);
        camera.position.set(size * 0.9, size * 0.7, size * 1.1);
        camera.near = size / 1000;
        camera.far = size * 100;
        camera.updateProjectionMatrix();
        controls.target.set(0, 0, 0);
        render();
        setState('ready');
      })
      .catch(() => {
        if (!abort.signal.aborted) setState('error');
      });

    const resize = new ResizeObserver(() => {
      const w = host.clientWidth;
      const h = host.clientHeight;
      if (!w || !h) return;
      renderer.setSize(w, h, false);
      camera.aspect = w / h;
      camera.updateProjectionMatrix();
    });
    resize.observe(host);

    return () => {
      abort.abort();
      resize.disconnect();
      cancelAnimationFrame(frame);
      controls.dispose();
      scene.traverse((child) => {
        if (child instanceof THREE.Mesh) {
          child.geometry.dispose();
          for (const material of Array.isArray(child.material) ? child.material : [child.material]) {
            material.dispose();
          }
        }
      });
      renderer.dispose();
      renderer.domElement.remove();
    };
  }, [downloadUrl, format, label, placement]);

  return (
    <div className="model-viewer__stage" ref={hostRef} data-state={state}>
      {state === 'loading' && <p className="model-viewer__status">Loading preview...</p>}
      {state === 'error' && <p className="model-viewer__status">The preview could not be shown.</p>}
      {state === 'unsupported' && (
        <p className="model-viewer__status">3D preview needs WebGL, which this browser has turned off.</p>
      )}
    </div>
  );
}
