/**
 * The action buttons of an imported source's list (issue 50): 借出 on a book of the shipped
 * library source opens the form of its body, calls POST /books/{isbn}/lend and says 操作成功; an
 * action without fields asks 确认执行「…」？ first; the server's refusal is shown in Chinese under
 * the field it names; more than two row actions sit behind 更多; a user without the action's key
 * sees no button. What is asserted is what the user sees and what the server was sent.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router-dom';
import { SourceListPage } from '@/components/source-pages';
import { setPrilist } from '@/lib/session';
import { setAccessRoutes } from '@/lib/permissions';
import { onNotify } from '@/lib/notify';
import { restActions } from '@/lib/rest-source';
import type { SourceAction } from '@/core/source-action';
import { librarySource } from '@generated/sources/library/source';
import { libraryBooksActions, libraryBooksModule } from '@generated/sources/library/modules/books';
import { errorTexts, server, setupSourceServer } from './harness';
import { preloadLazyControls, renderWithProviders } from '../form/render';

setupSourceServer();

const BOOKS = '/sources/library/books';
const DUNE = { isbn: '9780441013593', title: '沙丘', author: 1, genre: 'scifi', available: true };

let successes: string[] = [];
let listCalls = 0;
let stopNotify: () => void = () => undefined;
afterEach(() => stopNotify());
beforeEach(async () => {
  await preloadLazyControls();
  successes = [];
  listCalls = 0;
  stopNotify = onNotify((message) => {
    if (message.severity === 'success') successes.push(message.summary);
  });
  setAccessRoutes({ [libraryBooksModule.route]: ['info', 'add', 'edit', 'delete'] });
  setPrilist(['LIBRARY_BOOKS_ADD', 'LIBRARY_BOOKS_EDIT', 'LIBRARY_BOOKS_LENDBOOK']);
  server.use(
    http.get(BOOKS, () => {
      listCalls += 1;
      return HttpResponse.json({ items: [DUNE], total: 1 });
    }),
    // The author select's options.
    http.get('/sources/library/authors', () => HttpResponse.json({ items: [], total: 0 })),
  );
});

/**
 * The generated 借出 with its 读者编号 only: typing into the date picker of 归还日期 is that
 * control's own test (tests/unit/form/dynamic-form-controls.test.tsx).
 */
const lend = () => {
  const [generated] = libraryBooksActions;
  if (!generated) throw new Error('the library source has no 借出 action');
  const readerId = generated.fields.filter((field) => field.cf_fieldname === 'readerId');
  return restActions(librarySource, [
    { ...generated, fields: readerId, places: { readerId: 'body' } },
  ]);
};

function renderBooks(actions = lend()) {
  return renderWithProviders(
    <MemoryRouter>
      <SourceListPage module={libraryBooksModule} nested={[]} actions={actions} />
    </MemoryRouter>,
  );
}

const duneRow = async () => (await screen.findByText('沙丘')).closest('tr')!;

/** A body-less row action of the library (as `cli import-openapi` writes one). */
const renew = (overrides: Partial<SourceAction> = {}): SourceAction => ({
  id: 'renewBook',
  label: '续借',
  placement: 'row',
  method: 'POST',
  path: '/books/{isbn}/renew',
  idParam: 'isbn',
  destructive: false,
  fields: [],
  places: {},
  ...overrides,
});

describe('source action buttons', () => {
  it('借出: a row button opens the form of the body, calls POST /books/{isbn}/lend, says 操作成功 and lists again', async () => {
    const sent: unknown[] = [];
    server.use(
      http.post(`${BOOKS}/:isbn/lend`, async ({ request, params }) => {
        sent.push({ isbn: params.isbn, body: await request.json() });
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const user = userEvent.setup();
    renderBooks();
    await user.click(within(await duneRow()).getByRole('button', { name: '借出' }));
    const dialog = await screen.findByRole('dialog', { name: '借出' });
    const listedBefore = listCalls;
    await user.type(within(dialog).getByLabelText('读者编号'), '42');
    await user.click(within(dialog).getByRole('button', { name: '执行' }));
    await waitFor(() => expect(successes).toEqual(['操作成功']));
    expect(sent).toEqual([{ isbn: DUNE.isbn, body: { readerId: 42 } }]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '借出' })).toBeNull());
    await waitFor(() => expect(listCalls).toBeGreaterThan(listedBefore));
  });

  it('an action without fields asks 确认执行「…」？, then calls the row’s address', async () => {
    const called: string[] = [];
    server.use(
      http.post(`${BOOKS}/:isbn/renew`, ({ params }) => {
        called.push(String(params.isbn));
        return HttpResponse.json({ isbn: params.isbn });
      }),
    );
    const user = userEvent.setup();
    renderBooks(restActions(librarySource, [renew()]));
    await user.click(within(await duneRow()).getByRole('button', { name: '续借' }));
    expect(await screen.findByText('确认执行「续借」？')).toBeInTheDocument();
    expect(called).toEqual([]);
    await user.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(successes).toEqual(['操作成功']));
    expect(called).toEqual([DUNE.isbn]);
  });

  it('a refusal is shown in Chinese, under the field it names, and nothing is said to succeed', async () => {
    server.use(
      http.post(`${BOOKS}/:isbn/lend`, () =>
        HttpResponse.json(
          {
            title: 'Invalid',
            detail: 'Reader unknown',
            errors: [{ pointer: '/readerId', detail: 'no such reader' }],
          },
          { status: 422, headers: { 'Content-Type': 'application/problem+json' } },
        ),
      ),
    );
    const user = userEvent.setup();
    renderBooks();
    await user.click(within(await duneRow()).getByRole('button', { name: '借出' }));
    const dialog = await screen.findByRole('dialog', { name: '借出' });
    await user.type(within(dialog).getByLabelText('读者编号'), '7');
    await user.click(within(dialog).getByRole('button', { name: '执行' }));
    await waitFor(() => expect(errorTexts()).toHaveLength(1));
    expect(errorTexts()[0]).toBe('提交的数据有误：Reader unknown；readerId：no such reader');
    expect(dialog.querySelector('[data-field="readerId"] .p-error')?.textContent).toBe(
      '服务器拒绝了此值：no such reader',
    );
    expect(successes).toEqual([]);
  });

  it('a DELETE on a sub-path always asks first; an unknown row’s 404 says 记录不存在', async () => {
    server.use(
      http.delete(`${BOOKS}/:isbn/loans`, () =>
        HttpResponse.json({ title: 'Not Found' }, { status: 404 }),
      ),
    );
    const user = userEvent.setup();
    renderBooks(
      restActions(librarySource, [
        renew({
          id: 'endLoans',
          label: '结束借阅',
          method: 'DELETE',
          path: '/books/{isbn}/loans',
          destructive: true,
        }),
      ]),
    );
    await user.click(within(await duneRow()).getByRole('button', { name: '结束借阅' }));
    expect(await screen.findByText('确认执行「结束借阅」？')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(errorTexts()).toEqual(['记录不存在']));
    expect(successes).toEqual([]);
  });

  it('more than two row actions sit behind 更多', async () => {
    const user = userEvent.setup();
    renderBooks(
      restActions(librarySource, [
        renew(),
        renew({ id: 'reserve', label: '预约', path: '/books/{isbn}/reserve' }),
        renew({ id: 'archive', label: '归档', path: '/books/{isbn}/archive' }),
      ]),
    );
    const row = await duneRow();
    expect(within(row).queryByRole('button', { name: '续借' })).toBeNull();
    await user.click(within(row).getByRole('button', { name: '更多' }));
    const more = await screen.findByRole('dialog', { name: `更多操作：${DUNE.isbn}` });
    expect(
      within(more)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(expect.arrayContaining(['续借', '预约', '归档']));
  });

  it('without the action’s permission key the button is hidden, as 新增 is; with it, shown', async () => {
    setPrilist(['LIBRARY_BOOKS_EDIT']);
    renderBooks();
    const row = await duneRow();
    expect(within(row).getByRole('button', { name: '编辑' })).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: '借出' })).toBeNull();
    expect(screen.queryByRole('button', { name: '新增' })).toBeNull();
    // Granted the key (a new session), the button shows.
    setPrilist(['LIBRARY_BOOKS_EDIT', 'LIBRARY_BOOKS_LENDBOOK']);
    expect(await within(row).findByRole('button', { name: '借出' })).toBeInTheDocument();
  });

  it('a toolbar action is a button beside 新增', async () => {
    const called: string[] = [];
    server.use(
      http.post(`${BOOKS}/reindex`, () => {
        called.push('reindex');
        return new HttpResponse(null, { status: 202 });
      }),
    );
    const user = userEvent.setup();
    renderBooks(
      restActions(librarySource, [
        renew({
          id: 'reindex',
          label: '重建索引',
          placement: 'toolbar',
          path: '/books/reindex',
          idParam: undefined,
        }),
      ]),
    );
    await duneRow();
    await user.click(screen.getByRole('button', { name: '重建索引' }));
    await screen.findByText('确认执行「重建索引」？');
    await user.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(successes).toEqual(['操作成功']));
    expect(called).toEqual(['reindex']);
  });
});
