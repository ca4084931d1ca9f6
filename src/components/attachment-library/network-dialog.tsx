/**
 * Add network attachment (spec sections 2, 5, 7): name and address required; saved with
 * att_storage 5 into the selected category through the contract's add call.
 */
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { yupResolver } from '@hookform/resolvers/yup';
import * as yup from 'yup';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { Button } from 'primereact/button';
import { useAttachmentAdd } from '@generated/api/attachment/attachment';
import { notify } from '@/lib/notify';
import { attachment as t } from '@/locale/attachment';

/** att_storage of a network attachment (spec section 3). */
export const NETWORK_STORAGE = 5;

interface NetworkForm {
  title: string;
  url: string;
  description: string;
}

const schema: yup.ObjectSchema<NetworkForm> = yup.object({
  title: yup.string().defined().trim().required(t.networkNameRequired),
  url: yup.string().defined().trim().required(t.networkUrlRequired),
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

  const error = (name: keyof NetworkForm) => (
    <small className="p-error" role={formState.errors[name] ? 'alert' : undefined}>
      {formState.errors[name]?.message ?? ''}
    </small>
  );

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
        <div className="attachment-form__row">
          <label htmlFor="network-title">
            <span className="attachment-form__required">*</span>
            {t.networkName}
          </label>
          <div className="attachment-form__field">
            <Controller
              name="title"
              control={control}
              render={({ field }) => (
                <InputText
                  id="network-title"
                  value={field.value}
                  onChange={(event) => field.onChange(event.target.value)}
                  onBlur={field.onBlur}
                  placeholder={t.networkNamePlaceholder}
                  maxLength={100}
                  invalid={Boolean(formState.errors.title)}
                  className="w-full"
                />
              )}
            />
            {error('title')}
          </div>
        </div>
        <div className="attachment-form__row">
          <label htmlFor="network-url">
            <span className="attachment-form__required">*</span>
            {t.networkUrl}
          </label>
          <div className="attachment-form__field">
            <Controller
              name="url"
              control={control}
              render={({ field }) => (
                <InputText
                  id="network-url"
                  value={field.value}
                  onChange={(event) => field.onChange(event.target.value)}
                  onBlur={field.onBlur}
                  placeholder={t.networkUrlPlaceholder}
                  maxLength={500}
                  invalid={Boolean(formState.errors.url)}
                  className="w-full"
                />
              )}
            />
            {error('url')}
          </div>
        </div>
        <div className="attachment-form__row">
          <label htmlFor="network-description">{t.networkDescription}</label>
          <div className="attachment-form__field">
            <Controller
              name="description"
              control={control}
              render={({ field }) => (
                <InputTextarea
                  id="network-description"
                  value={field.value}
                  onChange={(event) => field.onChange(event.target.value)}
                  maxLength={200}
                  rows={3}
                  className="w-full"
                />
              )}
            />
          </div>
        </div>
        <div className="attachment-form__actions">
          <Button type="button" label={t.cancel} severity="secondary" outlined onClick={onHide} />
          <Button type="submit" label={t.submit} loading={add.isPending} />
        </div>
      </form>
    </Dialog>
  );
}
