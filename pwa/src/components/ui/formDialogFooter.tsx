// The footer of a dialog that holds a form: Cancel, and the form's submit button (outside the form, so
// tied to it by id), busy while the form is sent. Its own module: only lazily loaded screens use it.
import { Button } from './button.tsx';

export function FormDialogFooter({
  formId,
  pending,
  submit,
  onCancel,
}: {
  formId: string;
  pending: boolean;
  submit: string;
  onCancel: () => void;
}) {
  return (
    <>
      <Button variant="outline" onClick={onCancel} disabled={pending}>
        Cancel
      </Button>
      <Button type="submit" form={formId} loading={pending}>
        {submit}
      </Button>
    </>
  );
}
