// The queue's commands that ask something first: on which printer a part was started, what went wrong
// with a failed print, and for which printer to download the G-code (sliced on demand: the screen waits
// and downloads it when it is ready).
import { queueFailSchema, queueStartSchema } from '@printfarm/domain/printQueue';
import { useState } from 'react';
import {
  GcodePreparing,
  type Printer,
  type PrinterFileKind,
  type QueueItem,
  useGcodeDownload,
  useQueueCommand,
} from '../../api/printQueue.ts';
import { useDomainForm } from '../../components/form/useDomainForm.ts';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { LabelledSelect } from '../../components/ui/labelledSelect.tsx';
import { Select } from '../../components/ui/select.tsx';
import { toastOnFailure } from '../../components/ui/toastOnFailure.ts';
import { CommandDialog, ReasonField } from './CommandDialog.tsx';
import { partName, whyNot } from './queueText.ts';

interface ItemDialogProps {
  farmId: string | null;
  item: QueueItem;
  onClose: () => void;
}

/** The printers that may take the item; one it is pinned to is the only choice. */
function printerOptions(item: QueueItem, printers: readonly Printer[]) {
  return printers
    .filter((printer) => !item.pinnedPrinterId || printer.id === item.pinnedPrinterId)
    .map((printer) => {
      const reason = whyNot(item, printer.id);
      return {
        value: printer.id,
        label: reason ? `${printer.name} (${reason})` : printer.name,
        disabled: !!reason,
      };
    });
}

export function StartDialog({
  farmId,
  item,
  printers,
  onClose,
}: ItemDialogProps & { printers: readonly Printer[] }) {
  const start = useQueueCommand(farmId, 'start');
  const options = printerOptions(item, printers);
  const first = options.find((option) => !option.disabled)?.value ?? '';
  const form = useDomainForm(queueStartSchema, { defaultValues: { printerId: first } });
  return (
    <CommandDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Mark ${partName(item)} started`}
      description="For a print you started yourself, e.g. from the G-code on a card."
      form={form}
      send={(input, outcome) => start.mutate({ itemId: item.id, input }, outcome)}
      pending={start.isPending}
      taken={{ title: `${partName(item)} is printing` }}
      refused={{ toast: { title: 'Could not mark it started' } }}
      submit="Mark started"
    >
      <FormField label="Printer" required error={form.formState.errors.printerId?.message}>
        <Select placeholder="Choose a printer" options={options} {...form.register('printerId')} />
      </FormField>
    </CommandDialog>
  );
}

export function FailDialog({ farmId, item, onClose }: ItemDialogProps) {
  const fail = useQueueCommand(farmId, 'fail');
  const form = useDomainForm(queueFailSchema, { defaultValues: { reason: '' } });
  return (
    <CommandDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Did ${partName(item)} fail?`}
      description="The part goes back to its place in the queue with this reason, and the printer waits for you to look at it."
      form={form}
      send={(input, outcome) => fail.mutate({ itemId: item.id, input }, outcome)}
      pending={fail.isPending}
      taken={{
        title: `${partName(item)} is back in the queue`,
        description: 'Check the printer, then mark it ready.',
      }}
      refused={{ toast: { title: 'Could not mark it failed' } }}
      submit="Mark failed"
    >
      <ReasonField
        label="What went wrong"
        maxLength={300}
        placeholder="e.g. Came off the bed at layer 40"
        {...form.field('reason')}
      />
    </CommandDialog>
  );
}

/** Hands the file to the browser as a download. */
function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = Object.assign(document.createElement('a'), { href: url, download: fileName });
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function GcodeDialog({
  farmId,
  item,
  printers,
  onClose,
}: ItemDialogProps & { printers: readonly Printer[] }) {
  const options = printerOptions(item, printers);
  const [printerId, setPrinterId] = useState(
    (item.state === 'printing' ? item.printerId : null) ??
      options.find((option) => !option.disabled)?.value ??
      '',
  );
  const download = useGcodeDownload(farmId, toastOnFailure('Could not download the file'));
  const preparing = download.isPending && download.failureReason instanceof GcodePreparing;
  const printer = printers.find((candidate) => candidate.id === printerId);
  const loading = (kind: PrinterFileKind) => download.isPending && download.variables?.kind === kind;
  const onDownload = (kind: PrinterFileKind) =>
    download.mutate(
      { itemId: item.id, printerId, kind },
      {
        onSuccess: (file) => {
          saveFile(file.blob, file.fileName);
          onClose();
        },
      },
    );
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`G-code for ${partName(item)}`}
      description="Sliced for the printer's own bed, nozzle and material, in the orientation the part was quoted in; or as a 3MF project with those settings, to open in PrusaSlicer, OrcaSlicer or Bambu Studio."
      size="sm"
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            {preparing ? 'Close' : 'Cancel'}
          </Button>
          <Button
            variant="outline"
            onClick={() => onDownload('project.3mf')}
            loading={loading('project.3mf')}
            disabled={!printerId || download.isPending}
          >
            3MF project
          </Button>
          <Button
            onClick={() => onDownload('gcode')}
            loading={loading('gcode')}
            disabled={!printerId || download.isPending}
          >
            Download G-code
          </Button>
        </>
      }
    >
      <LabelledSelect
        className="field"
        label="Printer"
        placeholder="Choose a printer"
        options={options}
        value={printerId}
        disabled={download.isPending}
        onChange={(event) => setPrinterId(event.target.value)}
      />
      <p className="gcode-status" role="status">
        {preparing && printer
          ? `${download.variables?.kind === 'gcode' ? 'Slicing the part' : 'Preparing the 3MF project'} for ${printer.name}. It downloads by itself when it is ready.`
          : ''}
      </p>
    </Dialog>
  );
}
