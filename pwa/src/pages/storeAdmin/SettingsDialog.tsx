// Store Settings: Store Name (the display name), Description, logo and banner URLs; Update Store saves.
import { type StoreSettings, type StoreSettingsInput, storeSettingsSchema } from '@printfarm/domain/store';
import { useEffect } from 'react';
import { errorMessage } from '../../api/request.ts';
import { type ManagedStore, useUpdateStoreSettings } from '../../api/stores.ts';
import { useDomainForm } from '../../components/form/useDomainForm.ts';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { FieldList, type FieldRows } from '../../components/ui/fieldList.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { toast } from '../../components/ui/toast.tsx';

const valuesOf = (store: ManagedStore): StoreSettingsInput => ({
  displayName: store.displayName,
  description: store.description ?? '',
  logoUrl: store.logoUrl ?? '',
  bannerUrl: store.bannerUrl ?? '',
});

const STORE_FIELDS: FieldRows<keyof StoreSettingsInput> = [
  { name: 'displayName', label: 'Store Name', required: true },
  { name: 'description', label: 'Description', control: <Textarea rows={3} /> },
  { name: 'logoUrl', label: 'Logo URL', control: <Input type="url" placeholder="https://" /> },
  { name: 'bannerUrl', label: 'Banner URL', control: <Input type="url" placeholder="https://" /> },
];

export function SettingsDialog({
  store,
  open,
  onOpenChange,
}: {
  store: ManagedStore;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const update = useUpdateStoreSettings(store);
  const form = useDomainForm(storeSettingsSchema, { defaultValues: valuesOf(store) });

  useEffect(() => {
    if (open) form.reset(valuesOf(store));
  }, [open, store, form.reset]);

  const onValid = (settings: StoreSettings) =>
    update.mutate(settings, {
      onSuccess: () => {
        toast({ title: 'Store updated', description: 'Your store settings have been saved.' });
        onOpenChange(false);
      },
      onError: (error) =>
        form.applyServerErrors(error, {
          toast: { title: 'Error', description: (error) => errorMessage(error, 'Failed to update store') },
        }),
    });

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Store Settings"
      description="How your store appears to shoppers."
    >
      <form onSubmit={form.handleSubmit(onValid)} noValidate className="admin-form">
        <FieldList fields={STORE_FIELDS} bind={form.field} />
        <div className="admin-form__actions">
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" loading={update.isPending}>
            Update Store
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
