// A 3-D preview slot: three.js and its loaders are fetched only when a preview is shown.
import { lazy, Suspense } from 'react';
import { Spinner } from '../ui/spinner.tsx';
import { isPreviewFormat } from './formats.ts';
import type { ModelCanvasProps, PreviewMarker } from './ModelCanvas.tsx';
import './viewer.css';

const ModelCanvas = lazy(() => import('./ModelCanvas.tsx'));

export type { PreviewMarker };

/** The canvas's props, with the file's type, which may have no preview, for its format. */
export interface ModelViewerProps extends Omit<ModelCanvasProps, 'format'> {
  fileType: string;
}

export function ModelViewer({ downloadUrl, fileType, label, orientation, markers }: ModelViewerProps) {
  if (!isPreviewFormat(fileType)) {
    return (
      <div className="model-viewer model-viewer--empty">
        <p className="model-viewer__status">No 3D preview for {fileType.toUpperCase()} files.</p>
      </div>
    );
  }
  return (
    <div className="model-viewer">
      <Suspense
        fallback={
          <div className="model-viewer__stage">
            <Spinner label="Loading 3D viewer..." />
          </div>
        }
      >
        <ModelCanvas
          downloadUrl={downloadUrl}
          format={fileType}
          label={label}
          orientation={orientation ?? null}
          markers={markers ?? []}
        />
      </Suspense>
    </div>
  );
}
