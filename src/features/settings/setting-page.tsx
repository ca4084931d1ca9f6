/**
 * 系统设置: SYS_TITLE, SYS_LOGO and the upload limits IMAGECONFIG / FILECONFIG (fileSize,
 * fileType, fileLimit), read with getgroupdata and saved with group/updatesetting. After a
 * save the shell's settings query is refetched, so the sidebar logo and title and the document
 * title change at once; the upload limits' cached look-ups are refreshed too.
 */
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { ProgressSpinner } from 'primereact/progressspinner';
import { groupGetgroupdata, groupUpdatesetting } from '@generated/api/group/group';
import { DynamicForm, type FieldDefinition, type FormValues } from '@/components/form';
import { parseAttachmentValue, serializeAttachmentValue } from '@/core/attachment';
import { shellKeys } from '@/layout/shell-api';
import { notify } from '@/lib/notify';
import { useCanCall } from '@/lib/permissions/guards';
import { settings as t } from '@/locale/settings';
import { groupDataKeys, SETTING_CODES, type SettingCode } from './settings-api';
import './settings.css';
import { textOf } from '@/core/guards';
import * as groupCalls from '@generated/calls/group';

/** Form field name → (group code, item key). */
const ITEMS: Record<string, { code: SettingCode; key: string }> = {
  SYS_TITLE: { code: 'SYS_TITLE', key: 'SYS_TITLE' },
  SYS_LOGO: { code: 'SYS_LOGO', key: 'SYS_LOGO' },
  image_fileSize: { code: 'IMAGECONFIG', key: 'fileSize' },
  image_fileType: { code: 'IMAGECONFIG', key: 'fileType' },
  image_fileLimit: { code: 'IMAGECONFIG', key: 'fileLimit' },
  file_fileSize: { code: 'FILECONFIG', key: 'fileSize' },
  file_fileType: { code: 'FILECONFIG', key: 'fileType' },
  file_fileLimit: { code: 'FILECONFIG', key: 'fileLimit' },
};

const SIZE_PARAMS = { min: 0.1, max: 10240, step: 1, precision: 1 };
const LIMIT_PARAMS = { min: 1, max: 999, step: 1, precision: 0 };

const FIELDS: FieldDefinition[] = [
  {
    cf_name: t.setting.sysTitle,
    cf_fieldname: 'SYS_TITLE',
    cf_control: 'input',
    cf_length: 50,
    cf_validate: 'require',
    cf_placeholder: t.setting.sysTitlePlaceholder,
  },
  {
    // The logo is one image; SYS_LOGO itself stores its address (see recordOf / settingBodies).
    cf_name: t.setting.sysLogo,
    cf_fieldname: 'SYS_LOGO',
    cf_control: 'UploadImg',
    parameData: { fileLimit: 1 },
  },
  {
    cf_name: t.setting.imageSize,
    cf_fieldname: 'image_fileSize',
    cf_control: 'InputNumber',
    cf_validate: 'require',
    parameData: SIZE_PARAMS,
  },
  {
    cf_name: t.setting.imageTypes,
    cf_fieldname: 'image_fileType',
    cf_control: 'input',
    cf_length: 200,
    cf_validate: 'require',
    cf_placeholder: t.setting.typesPlaceholder,
    parameData: { pattern: '^[A-Za-z0-9]+(,[A-Za-z0-9]+)*$' },
  },
  {
    cf_name: t.setting.imageLimit,
    cf_fieldname: 'image_fileLimit',
    cf_control: 'InputNumber',
    cf_validate: 'require',
    parameData: LIMIT_PARAMS,
  },
  {
    cf_name: t.setting.fileSize,
    cf_fieldname: 'file_fileSize',
    cf_control: 'InputNumber',
    cf_validate: 'require',
    parameData: SIZE_PARAMS,
  },
  {
    cf_name: t.setting.fileTypes,
    cf_fieldname: 'file_fileType',
    cf_control: 'input',
    cf_length: 200,
    cf_validate: 'require',
    cf_placeholder: t.setting.typesPlaceholder,
    parameData: { pattern: '^[A-Za-z0-9]+(,[A-Za-z0-9]+)*$' },
  },
  {
    cf_name: t.setting.fileLimit,
    cf_fieldname: 'file_fileLimit',
    cf_control: 'InputNumber',
    cf_validate: 'require',
    parameData: LIMIT_PARAMS,
  },
];

/** The form's record from the four groups' values. */
function recordOf(groups: Partial<Record<SettingCode, Record<string, unknown>>>): FormValues {
  const record: FormValues = {};
  for (const [name, { code, key }] of Object.entries(ITEMS)) {
    const value = groups[code]?.[key];
    if (value === undefined) continue;
    // The image control holds the spec's attachment value; the setting holds the address.
    record[name] =
      name === 'SYS_LOGO' ? serializeAttachmentValue(parseAttachmentValue(value)) : value;
  }
  return record;
}

/** The updatesetting bodies: each group's item values, keyed by item key. */
export function settingBodies(
  values: FormValues,
): { code: SettingCode; data: Record<string, string | number> }[] {
  const byCode = new Map<SettingCode, Record<string, string | number>>();
  for (const [name, { code, key }] of Object.entries(ITEMS)) {
    const value =
      name === 'SYS_LOGO' ? (parseAttachmentValue(values[name])[0]?.att_url ?? '') : values[name];
    const data = byCode.get(code) ?? {};
    data[key] = typeof value === 'number' ? value : textOf(value);
    byCode.set(code, data);
  }
  return [...byCode].map(([code, data]) => ({ code, data }));
}

export default function SettingPage() {
  const client = useQueryClient();
  const canSave = useCanCall(groupCalls.groupUpdatesetting);
  const answers = useQueries({
    queries: SETTING_CODES.map((code) => ({
      queryKey: groupDataKeys.config(code),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        groupGetgroupdata({ code }, undefined, signal),
    })),
  });
  if (answers.some((answer) => answer.isLoading))
    return <ProgressSpinner aria-label={t.setting.loadFailed} style={{ width: 40, height: 40 }} />;
  if (answers.some((answer) => answer.isError))
    return <p className="p-error">{t.setting.loadFailed}</p>;
  const groups = Object.fromEntries(
    SETTING_CODES.map((code, index) => [code, answers[index]?.data?.data ?? {}]),
  ) as Partial<Record<SettingCode, Record<string, unknown>>>;

  const save = async (values: FormValues) => {
    for (const body of settingBodies(values)) await groupUpdatesetting(body);
    await Promise.all([
      client.invalidateQueries({ queryKey: shellKeys.settings }),
      client.invalidateQueries({ queryKey: groupDataKeys.all }),
    ]);
    notify.success(t.setting.saved);
  };

  return (
    <section className="settings-page" aria-label={t.setting.basic}>
      <div className="settings-page__form">
        <DynamicForm
          fields={FIELDS}
          record={recordOf(groups)}
          onSubmit={save}
          submitLabel={t.setting.save}
          readOnly={!canSave}
        />
      </div>
    </section>
  );
}
