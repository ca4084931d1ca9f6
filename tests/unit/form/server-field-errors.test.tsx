/**
 * A write an imported source refuses as invalid (400/422): each message the server gives about a
 * field appears under that field, in Chinese wording with the server's own detail; the toast
 * sums them all up (fields the form does not have included), and what was typed stays. One test
 * per common shape: RFC 9457 `errors[].pointer`, `{errors: {field: [...]}}`, `{errors: [{field,
 * message}]}`, FastAPI's `detail[].loc`, and a bare `{message}` that names no field.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { CrudForm } from '@/components/crud/crud-form';
import { setPrilist } from '@/lib/session';
import { petstorePetModule } from '@generated/sources/petstore/modules/pet';
import { BASE, errorTexts, server, setupSourceServer } from '../rest-source/harness';
import { renderWithProviders } from './render';

setupSourceServer();
beforeEach(() => setPrilist(['PETSTORE_PET_ADD']));

// The pet form without its category select, whose options would come from another call.
const petModule = {
  ...petstorePetModule,
  fields: petstorePetModule.fields.filter((field) => field.cf_fieldname !== 'category'),
};

/** The form's add is refused with `body` (status `status`); returns the dialog and the user. */
async function submitRefused(status: number, body: JsonBodyType) {
  server.use(http.post(`${BASE}/pet`, () => HttpResponse.json(body, { status })));
  const onHide = vi.fn();
  const user = userEvent.setup();
  renderWithProviders(<CrudForm module={petModule} mode="add" visible onHide={onHide} />);
  const dialog = screen.getByRole('dialog', { name: '新增 - 宠物' });
  await user.type(within(dialog).getByLabelText('名称'), 'x');
  await user.type(within(dialog).getByLabelText('图片地址'), 'not a url');
  await user.click(within(dialog).getByRole('button', { name: '提交' }));
  await waitFor(() => expect(errorTexts()).toHaveLength(1));
  return { dialog, onHide };
}

/** The message shown under a field of the form ('' when there is none). */
function messageUnder(dialog: HTMLElement, field: string): string {
  return dialog.querySelector(`[data-field="${field}"] .p-error`)?.textContent ?? '';
}

describe('server validation errors under the field', () => {
  it('problem+json errors[].pointer (/name, #/photoUrls/0, /body/…): under each field', async () => {
    const { dialog, onHide } = await submitRefused(422, {
      type: 'about:blank',
      title: 'Unprocessable Entity',
      detail: 'Validation failed',
      errors: [
        { pointer: '/name', detail: 'size must be between 2 and 40' },
        { pointer: '#/photoUrls/0', detail: 'must be a valid URL' },
        { pointer: '/body/owner', detail: 'unknown owner' },
      ],
    });
    expect(messageUnder(dialog, 'name')).toBe('服务器拒绝了此值：size must be between 2 and 40');
    expect(messageUnder(dialog, 'photoUrls')).toBe('服务器拒绝了此值：must be a valid URL');
    // One toast sums it all up; `owner` is no field of this form, so the toast is where it shows.
    expect(errorTexts()).toEqual([
      '提交的数据有误：Validation failed；name：size must be between 2 and 40；photoUrls.0：must be a valid URL；owner：unknown owner',
    ]);
    // The dialog stays with what was typed, the refused field marked invalid.
    expect(onHide).not.toHaveBeenCalled();
    expect(within(dialog).getByLabelText('名称')).toHaveValue('x');
    expect(within(dialog).getByLabelText('名称')).toHaveClass('p-invalid');
  });

  it('{errors: {field: [messages]}}: the field’s messages together under it', async () => {
    const { dialog } = await submitRefused(400, {
      errors: { name: ['is too short', 'has already been taken'] },
    });
    expect(messageUnder(dialog, 'name')).toBe(
      '服务器拒绝了此值：is too short，has already been taken',
    );
    expect(errorTexts()).toEqual(['提交的数据有误：name：is too short，has already been taken']);
  });

  it('{errors: [{field, message}]} with a path into the field, and ASP.NET’s `$.Name`', async () => {
    const { dialog } = await submitRefused(400, {
      errors: [
        { field: 'photoUrls[0]', message: 'must be a valid URL' },
        { path: '$.Name', message: 'The Name field is required.' },
      ],
    });
    expect(messageUnder(dialog, 'photoUrls')).toBe('服务器拒绝了此值：must be a valid URL');
    expect(messageUnder(dialog, 'name')).toBe('服务器拒绝了此值：The Name field is required.');
  });

  it('FastAPI detail[].loc: the body field under it, a query parameter in the toast only', async () => {
    const { dialog } = await submitRefused(422, {
      detail: [
        { loc: ['body', 'name'], msg: 'field required', type: 'value_error.missing' },
        { loc: ['query', 'dry_run'], msg: 'value is not a valid boolean', type: 'type_error' },
      ],
    });
    expect(messageUnder(dialog, 'name')).toBe('服务器拒绝了此值：field required');
    expect(messageUnder(dialog, 'photoUrls')).toBe('');
    expect(errorTexts()).toEqual([
      '提交的数据有误：name：field required；query.dry_run：value is not a valid boolean',
    ]);
  });

  it('a bare {message}: the toast says it, no field is marked', async () => {
    const { dialog } = await submitRefused(400, { message: 'Invalid input' });
    expect(errorTexts()).toEqual(['提交的数据有误：Invalid input']);
    expect(dialog.querySelectorAll('.p-error')).toHaveLength(0);
    expect(within(dialog).getByLabelText('名称')).toHaveValue('x');
  });

  it('a server message is text, never markup', async () => {
    const { dialog } = await submitRefused(422, {
      errors: [{ pointer: '/name', detail: '<img src=x onerror=alert(1)>' }],
    });
    expect(messageUnder(dialog, 'name')).toBe('服务器拒绝了此值：<img src=x onerror=alert(1)>');
    expect(dialog.querySelector('img')).toBeNull();
  });

  it('changing the refused value clears the server’s message', async () => {
    const { dialog } = await submitRefused(400, { errors: { name: ['is too short'] } });
    expect(messageUnder(dialog, 'name')).toBe('服务器拒绝了此值：is too short');
    await userEvent.setup().type(within(dialog).getByLabelText('名称'), 'yz');
    await waitFor(() => expect(messageUnder(dialog, 'name')).toBe(''));
  });
});
