// 'Report a problem' on delivered parts: what went wrong (from the domain's list), the details and up to
// five photos, checked with the schema the server checks with; the server's field messages land under
// the fields.
import { CLAIM_PHOTOS, CLAIM_REASONS, type ClaimReason, claimSchema } from '@printfarm/domain/claims';
import { type ChangeEvent, useState } from 'react';
import type { FieldError } from 'react-hook-form';
import { useOpenClaim } from '../../api/claims.ts';
import { useDomainForm } from '../../components/form/useDomainForm.ts';
import { FormField } from '../../components/ui/form-field.tsx';
import { FormDialog } from '../../components/ui/formDialogFooter.tsx';
import { Select } from '../../components/ui/select.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { toast } from '../../components/ui/toast.tsx';
import { toastOnFailure } from '../../components/ui/toastOnFailure.ts';
import { addPhotos, type ClaimPhoto, PHOTO_TYPES } from './claimPhotos.ts';

const REASON_OPTIONS = (Object.entries(CLAIM_REASONS) as [ClaimReason, string][]).map(([value, label]) => ({
  value,
  label,
}));

export interface ClaimDialogProps {
  requestId: string;
  farmName: string;
  onClose: () => void;
}

/** The first message about the photos: the list's own, or one photo's (the server names 'photos.2'). */
function photosMessage(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const own = (error as FieldError).message;
  if (own) return own;
  return Object.values(error as Record<string, FieldError | undefined>).find((each) => each?.message)
    ?.message;
}

function PhotoList({ photos, onRemove }: { photos: readonly ClaimPhoto[]; onRemove: (id: number) => void }) {
  if (photos.length === 0) return null;
  return (
    <ul className="claim-photos" aria-label="Attached photos">
      {photos.map((photo) => (
        <li key={photo.id} className="claim-photos__item">
          <img src={photo.dataUrl} alt={photo.name} className="claim-photos__thumb" />
          <button
            type="button"
            className="claim-photos__remove"
            onClick={() => onRemove(photo.id)}
            aria-label={`Remove ${photo.name}`}
          >
            ×
          </button>
        </li>
      ))}
    </ul>
  );
}

export function ClaimDialog({ requestId, farmName, onClose }: ClaimDialogProps) {
  const open = useOpenClaim(requestId, toastOnFailure('Could not send your report'));
  const [photos, setPhotos] = useState<ClaimPhoto[]>([]);
  const [photoProblem, setPhotoProblem] = useState<string | null>(null);
  const form = useDomainForm(claimSchema, {
    defaultValues: { reason: '', details: '', photos: [] as string[] },
    reValidateMode: 'onChange',
  });

  const keep = (next: ClaimPhoto[]) => {
    setPhotos(next);
    form.setValue(
      'photos',
      next.map((photo) => photo.dataUrl),
    );
    form.clearErrors('photos');
  };
  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const chosen = [...(input.files ?? [])];
    input.value = '';
    const added = await addPhotos(photos, chosen);
    setPhotoProblem(added.problem);
    keep(added.photos);
  };

  const onSubmit = form.handleSubmit((claim) =>
    open.mutate(claim, {
      onSuccess: () => {
        onClose();
        toast({ title: 'Problem reported', description: `${farmName} answers with a reprint or a refund.` });
      },
      onError: (error) => form.applyServerErrors(error, { focus: true }),
    }),
  );

  return (
    <FormDialog
      title="Report a problem"
      description={`Tell ${farmName} what is wrong. They answer with a reprint or a refund; if you disagree, our staff decide.`}
      size="md"
      pending={open.isPending}
      submit="Send report"
      onClose={onClose}
      onSubmit={onSubmit}
      className="claim-form"
    >
      <FormField label="What went wrong" required {...form.field('reason')}>
        <Select placeholder="Choose what went wrong" options={REASON_OPTIONS} />
      </FormField>
      <FormField
        label="Details"
        required
        hint="What you see, on which parts: 10 to 2,000 characters."
        {...form.field('details')}
      >
        <Textarea rows={4} maxLength={2000} />
      </FormField>
      <FormField
        label="Photos (optional)"
        hint={`Up to ${CLAIM_PHOTOS.max} photos: JPEG, PNG or WebP, 3 MB each.`}
        error={photoProblem ?? photosMessage(form.formState.errors.photos)}
      >
        {(control) => (
          <div className="claim-form__photos">
            <label className="btn btn--outline btn--sm claim-form__pick">
              Add photos
              <input
                {...control}
                type="file"
                accept={PHOTO_TYPES.join(',')}
                multiple
                disabled={photos.length >= CLAIM_PHOTOS.max}
                onChange={(event) => void choose(event)}
              />
            </label>
            <span className="claim-form__count">
              {photos.length} of {CLAIM_PHOTOS.max} attached
            </span>
          </div>
        )}
      </FormField>
      <PhotoList photos={photos} onRemove={(id) => keep(photos.filter((photo) => photo.id !== id))} />
    </FormDialog>
  );
}
