/**
 * Add network attachment (spec sections 2, 5, 7): name and address required, the address an
 * http(s) one (never `javascript:`); saved with att_storage 5 into the selected category through
 * the contract's add call.
 */
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { yupResolver } from '@hookform/resolvers/yup';
import * as yup from 'yup';
import { Dialog } from 'primereact/dialog';
import { InputTextarea } from 'primereact/inputtextarea';
import { Button } from 'primereact/button';
import { useAttachmentAdd } from '@generated/api/attachment/attachment';
import { notify } from '@/lib/notify';
import { isWebAddress } from '@/core/web-address';
import { attachment as t } from '@/locale/attachment';
import { FormRow, TextRow } from './form-row';

/** The contract's maxLength of att_title, att_url and att_description (openapi/paths/attachment.yaml). */
const NETWORK_LIMITS = { title: 100, url: 2000, description: 200 } as const;

/** att_storage of a network attachment (spec section 3). */
export const NETWORK_STORAGE = 5;

interface NetworkForm {
  title: string;
  url: string;
  description: string;
}

const schema: yup.ObjectSchema<NetworkForm> = yup.object({
  title: yup.string().defined().trim().required(t.networkNameRequired),
  url: yup
    .string()
    .defined()
    .trim()
    .required(t.networkUrlRequired)
    .test('web-address', t.networkUrlInvalid, (value) => isWebAddress(value)),
  description: yup.string().defined(),
});

const EMPTY: NetworkForm = { title: '', url: '', description: '' };

export interface NetworkDialogProps {
  visible: boolean;
  /** The category the attachment goes to (0: none). */
  cateId: number;
  onHide: () => void;
  onSaved: () => void;
}

export function NetworkDialog({ visible, cateId, onHide, onSaved }: NetworkDialogProps) {
  const { control, handleSubmit, reset, formState } = useForm<NetworkForm>({
    resolver: yupResolver(schema),
    defaultValues: EMPTY,
  });
  useEffect(() => {
    if (visible) reset(EMPTY);
  }, [visible, reset]);

  const add = useAttachmentAdd();
  const submit = handleSubmit(async (values) => {
    try {
      await add.mutateAsync({
        data: {
          att_title: values.title.trim(),
          att_url: values.url.trim(),
          att_description: values.description.trim(),
          att_storage: NETWORK_STORAGE,
          attachment_cate_id: cateId,
        },
      });
    } catch {
      // The request client showed the server's message; the input stays for a retry.
      return;
    }
    notify.success(t.networkAdded);
    onSaved();
  });

  return (
    <Dialog
      header={t.networkTitle}
      visible={visible}
      onHide={onHide}
      style={{ width: 600 }}
      breakpoints={{ '660px': '94vw' }}
      className="attachment-form-dialog"
    >
      <form
        onSubmit={(event) => void submit(event)}
        noValidate
        className="attachment-form"
        aria-label={t.networkTitle}
      >
        <TextRow
          control={control}
          name="title"
          id="network-title"
          label={t.networkName}
          required
          placeholder={t.networkNamePlaceholder}
          maxLength={NETWORK_LIMITS.title}
          error={formState.errors.title?.message}
        />
        <TextRow
          control={control}
          name="url"
          id="network-url"
          label={t.networkUrl}
          required
          placeholder={t.networkUrlPlaceholder}
          maxLength={NETWORK_LIMITS.url}
          error={formState.errors.url?.message}
        />
        <FormRow id="network-description" label={t.networkDescription}>
          <Controller
            name="description"
            control={control}
            render={({ field }) => (
              <InputTextarea
                id="network-description"
                value={field.value}
                onChange={(event) => field.onChange(event.target.value)}
                maxLength={NETWORK_LIMITS.description}
                rows={3}
                className="w-full"
              />
            )}
          />
        </FormRow>
        <div className="attachment-form__actions">
          <Button type="button" label={t.cancel} severity="secondary" outlined onClick={onHide} />
          <Button type="submit" label={t.submit} loading={add.isPending} />
        </div>
      </form>
    </Dialog>
  );
}
