/**
 * The field editor of 字段管理: one field's cf_* definition, showing only the inputs that apply
 * to the chosen control and option source (controlTraits). Names are checked as the server
 * checks them (src/core/field-name); a refused save keeps what was typed.
 */
import { useState } from 'react';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { InputNumber } from 'primereact/inputnumber';
import { InputText } from 'primereact/inputtext';
import { RadioButton } from 'primereact/radiobutton';
import type { OptionSourceType } from '@/core/field-definition';
import { choiceOf } from '@/core/guards';
import { designer as t } from '@/locale/designer';
import {
  CONTROL_TYPES,
  FIELD_NAME_LIMIT,
  controlTraits,
  draftProblems,
  type DraftProblems,
  type FieldDraft,
  type ParamName,
} from './designer-fields';

const SOURCES: OptionSourceType[] = ['STATIC', 'DICTIONARY', 'API'];
const CONTROL_OPTIONS = CONTROL_TYPES.map((control) => ({ label: control, value: control }));
const TEXT_PARAMS: readonly ParamName[] = ['pattern', 'fileType'];

interface Props {
  draft: FieldDraft;
  /** The module's other field names (uniqueness). */
  taken: readonly string[];
  /** The stored name of the field being edited. */
  storedName?: string;
  saving: boolean;
  onSave: (draft: FieldDraft) => Promise<unknown>;
  onHide: () => void;
}

function Problem({ id, text }: { id: string; text?: string }) {
  return text ? (
    <small id={id} className="p-error" role="alert">
      {text}
    </small>
  ) : null;
}

export function FieldEditor({ draft: initial, taken, storedName, saving, onSave, onHide }: Props) {
  const [draft, setDraft] = useState(initial);
  const [problems, setProblems] = useState<DraftProblems>({});
  const traits = controlTraits(draft.cf_control);
  const set = <K extends keyof FieldDraft>(key: K, value: FieldDraft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));
  const setParam = (name: ParamName, value: string | boolean) =>
    setDraft((current) => ({ ...current, params: { ...current.params, [name]: value } }));
  const setOption = (index: number, key: 'label' | 'value', value: string) =>
    setDraft((current) => ({
      ...current,
      options: current.options.map((option, i) =>
        i === index ? { ...option, [key]: value } : option,
      ),
    }));

  const save = async () => {
    const found = draftProblems(draft, taken, storedName);
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    try {
      await onSave(draft);
    } catch {
      // The request client has shown the server's message; the editor keeps what was typed.
    }
  };

  const footer = (
    <div className="designer-editor__footer">
      <Button type="button" label={t.cancel} outlined onClick={onHide} />
      <Button type="button" label={t.save} loading={saving} onClick={() => void save()} />
    </div>
  );

  return (
    <Dialog
      visible
      header={draft.id ? t.editField : t.addField}
      onHide={onHide}
      footer={footer}
      style={{ width: '44rem' }}
      className="designer-editor"
    >
      <form
        className="designer-editor__form p-fluid"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <div className="field">
          <label htmlFor="designer-cf-name">{t.form.cf_name}</label>
          <InputText
            id="designer-cf-name"
            value={draft.cf_name}
            placeholder={t.form.namePlaceholder}
            invalid={Boolean(problems.cf_name)}
            onChange={(event) => set('cf_name', event.target.value)}
          />
          <Problem id="designer-cf-name-problem" text={problems.cf_name} />
        </div>
        <div className="field">
          <label htmlFor="designer-cf-fieldname">{t.form.cf_fieldname}</label>
          <InputText
            id="designer-cf-fieldname"
            value={draft.cf_fieldname}
            maxLength={FIELD_NAME_LIMIT + 1}
            placeholder={t.form.fieldnamePlaceholder}
            invalid={Boolean(problems.cf_fieldname)}
            aria-describedby="designer-cf-fieldname-hint"
            onChange={(event) => set('cf_fieldname', event.target.value.trim())}
          />
          <small id="designer-cf-fieldname-hint" className="designer-editor__hint">
            {t.form.fieldnameHint}
          </small>
          <Problem id="designer-cf-fieldname-problem" text={problems.cf_fieldname} />
        </div>
        <div className="field">
          <label htmlFor="designer-cf-control">{t.form.cf_control}</label>
          <Dropdown
            inputId="designer-cf-control"
            value={draft.cf_control}
            options={CONTROL_OPTIONS}
            filter
            onChange={(event) => {
              const control = choiceOf(CONTROL_TYPES, event.value);
              if (control) set('cf_control', control);
            }}
          />
        </div>
        {traits.placeholder && (
          <div className="field">
            <label htmlFor="designer-cf-placeholder">{t.form.cf_placeholder}</label>
            <InputText
              id="designer-cf-placeholder"
              value={draft.cf_placeholder}
              maxLength={100}
              onChange={(event) => set('cf_placeholder', event.target.value)}
            />
          </div>
        )}
        {traits.length && (
          <div className="field">
            <label htmlFor="designer-cf-length">{t.form.cf_length}</label>
            <InputNumber
              inputId="designer-cf-length"
              value={draft.cf_length}
              min={0}
              max={65535}
              useGrouping={false}
              invalid={Boolean(problems.cf_length)}
              onChange={(event) => set('cf_length', event.value ?? null)}
            />
            <Problem id="designer-cf-length-problem" text={problems.cf_length} />
          </div>
        )}
        {traits.defaultValue && (
          <div className="field">
            <label htmlFor="designer-cf-default">{t.form.cf_default}</label>
            <InputText
              id="designer-cf-default"
              value={draft.cf_default}
              maxLength={255}
              onChange={(event) => set('cf_default', event.target.value)}
            />
          </div>
        )}
        <div className="designer-editor__checks">
          {traits.required && (
            <span className="designer-editor__check">
              <Checkbox
                inputId="designer-cf-validate"
                checked={draft.required}
                onChange={(event) => set('required', event.checked === true)}
              />
              <label htmlFor="designer-cf-validate">{t.form.cf_validate}</label>
            </span>
          )}
          {traits.primaryKey && (
            <span className="designer-editor__check">
              <Checkbox
                inputId="designer-cf-ispri"
                checked={draft.primaryKey}
                onChange={(event) => set('primaryKey', event.checked === true)}
              />
              <label htmlFor="designer-cf-ispri">{t.form.cf_ispri}</label>
            </span>
          )}
        </div>
        {traits.sourced && (
          <fieldset className="designer-editor__group">
            <legend>{t.form.cf_sourcetype}</legend>
            <div className="designer-editor__checks">
              {SOURCES.map((source) => (
                <span key={source} className="designer-editor__check">
                  <RadioButton
                    inputId={`designer-source-${source}`}
                    value={source}
                    checked={draft.cf_sourcetype === source}
                    onChange={() => set('cf_sourcetype', source)}
                  />
                  <label htmlFor={`designer-source-${source}`}>{t.sourceTypes[source]}</label>
                </span>
              ))}
            </div>
            {draft.cf_sourcetype === 'STATIC' && (
              <div className="designer-options" aria-label={t.form.optionData}>
                {draft.options.map((option, index) => (
                  <div key={index} className="designer-options__row">
                    <InputText
                      aria-label={`${t.form.optionLabel} ${index + 1}`}
                      placeholder={t.form.optionLabel}
                      value={option.label}
                      onChange={(event) => setOption(index, 'label', event.target.value)}
                    />
                    <InputText
                      aria-label={`${t.form.optionValue} ${index + 1}`}
                      placeholder={t.form.optionValue}
                      value={option.value}
                      onChange={(event) => setOption(index, 'value', event.target.value)}
                    />
                    <Button
                      type="button"
                      icon="pi pi-times"
                      text
                      severity="danger"
                      aria-label={`${t.form.removeOption} ${index + 1}`}
                      onClick={() =>
                        set(
                          'options',
                          draft.options.filter((_, i) => i !== index),
                        )
                      }
                    />
                  </div>
                ))}
                <Button
                  type="button"
                  icon="pi pi-plus"
                  label={t.form.addOption}
                  text
                  onClick={() =>
                    set('options', [
                      ...draft.options,
                      { label: '', value: String(draft.options.length + 1) },
                    ])
                  }
                />
                <Problem id="designer-options-problem" text={problems.options} />
              </div>
            )}
            {draft.cf_sourcetype === 'DICTIONARY' && (
              <div className="field">
                <label htmlFor="designer-cf-dictionary">{t.form.cf_dictionary}</label>
                <InputText
                  id="designer-cf-dictionary"
                  value={draft.cf_dictionary}
                  onChange={(event) => set('cf_dictionary', event.target.value)}
                />
              </div>
            )}
            {draft.cf_sourcetype === 'API' && (
              <div className="field">
                <label htmlFor="designer-cf-method">{t.form.cf_method}</label>
                <InputText
                  id="designer-cf-method"
                  value={draft.cf_method}
                  onChange={(event) => set('cf_method', event.target.value)}
                />
              </div>
            )}
            <Problem id="designer-source-problem" text={problems.source} />
          </fieldset>
        )}
        {traits.params.length > 0 && (
          <fieldset className="designer-editor__group designer-editor__params">
            <legend>{t.form.params}</legend>
            {traits.params.map((name) =>
              name === 'checkStrictly' ? (
                <span key={name} className="designer-editor__check">
                  <Checkbox
                    inputId={`designer-param-${name}`}
                    checked={draft.params[name] === true}
                    onChange={(event) => setParam(name, event.checked === true)}
                  />
                  <label htmlFor={`designer-param-${name}`}>{t.form[name]}</label>
                </span>
              ) : (
                <div key={name} className="field">
                  <label htmlFor={`designer-param-${name}`}>{t.form[name]}</label>
                  <InputText
                    id={`designer-param-${name}`}
                    value={String(draft.params[name] ?? '')}
                    inputMode={TEXT_PARAMS.includes(name) ? 'text' : 'decimal'}
                    onChange={(event) => setParam(name, event.target.value)}
                  />
                </div>
              ),
            )}
          </fieldset>
        )}
        <div className="field">
          <label htmlFor="designer-cf-sort">{t.form.sort}</label>
          <InputNumber
            inputId="designer-cf-sort"
            value={draft.cf_sort}
            min={0}
            max={9999}
            useGrouping={false}
            onChange={(event) => set('cf_sort', event.value ?? 0)}
          />
        </div>
        <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
      </form>
    </Dialog>
  );
}
