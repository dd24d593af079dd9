// A request file's 3-D preview (three.js loads only when one is shown), turned as it prints with the
// findings marked; or, until it is shown, why not or a button to show it.
import { MM_PER_UNIT } from '@printfarm/domain/units';
import type { FileAnalysis, RequestFile } from '../../api/printRequests.ts';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ModelViewer, type PreviewMarker } from '../../components/viewer/ModelViewer.tsx';

const ORIENTATION_CAPTIONS: Record<string, string> = {
  'z-': 'Shown as it prints: as uploaded',
  'z+': 'Shown as it prints: upside down, the side needing least support',
  'x-': 'Shown as it prints: on its side, needing least support',
  'x+': 'Shown as it prints: on its side, needing least support',
  'y-': 'Shown as it prints: on its side, needing least support',
  'y+': 'Shown as it prints: on its side, needing least support',
  face: 'Shown as it prints: on its largest flat face, needing least support',
};

/** The places the findings point at, back in the file's own units for the preview. */
function markersOf(analysis: FileAnalysis): PreviewMarker[] {
  const mmPerUnit = MM_PER_UNIT[analysis.units];
  return analysis.findings.flatMap((finding) =>
    (finding.points ?? []).map(
      ([x, y, z]): PreviewMarker => ({
        at: [x / mmPerUnit, y / mmPerUnit, z / mmPerUnit],
        severity: finding.severity,
      }),
    ),
  );
}

/** What a stored file's preview needs: where to fetch it, its format and name, and how it prints. */
export interface PreviewedFile {
  downloadUrl: string;
  fileType: string;
  fileName: string;
  analysis?: { printOrientation?: { rotation: readonly number[] } | null } | null;
}

/** A stored file's 3-D preview, turned as it prints; the customer's pages mark the findings on it. */
export function FileViewer({ file, markers }: { file: PreviewedFile; markers?: readonly PreviewMarker[] }) {
  return (
    <ModelViewer
      downloadUrl={file.downloadUrl}
      fileType={file.fileType}
      label={file.fileName}
      orientation={file.analysis?.printOrientation?.rotation ?? null}
      markers={markers}
    />
  );
}

export function FilePreview({
  file,
  showPreview,
  canPreview,
  onShow,
}: {
  file: RequestFile;
  showPreview: boolean;
  canPreview: boolean;
  onShow: () => void;
}) {
  const analysis = file.analysis;
  const orientation = analysis?.printOrientation ?? null;
  return (
    <div className="request-file__preview">
      {showPreview ? (
        <>
          <FileViewer file={file} markers={analysis ? markersOf(analysis) : []} />
          {orientation && (
            <p className="request-file__orientation">{ORIENTATION_CAPTIONS[orientation.key]}</p>
          )}
        </>
      ) : (
        <div className="request-file__placeholder">
          {file.analysisStatus === 'pending' || file.analysisStatus === 'analyzing' ? (
            <Spinner label="Checking and measuring your model..." showLabel />
          ) : canPreview ? (
            <Button variant="outline" size="sm" onClick={onShow}>
              Show 3D preview
            </Button>
          ) : (
            <span>{file.fileType.toUpperCase()}</span>
          )}
        </div>
      )}
    </div>
  );
}
