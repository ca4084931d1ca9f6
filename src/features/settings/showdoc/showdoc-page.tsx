/**
 * 接口文档: the API documentation rendered live from generated/openapi.json (loaded with a
 * dynamic import, so the contract stays out of the main bundle). Groups and calls on the left
 * with search; the chosen call's parameters, body and answer fields, example body, and 调试:
 * the call sent to the current backend through the request client (the session's headers).
 */
import { useMemo, useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { Button } from 'primereact/button';
import { Tag } from 'primereact/tag';
import { ProgressSpinner } from 'primereact/progressspinner';
import { http, isApiError } from '@/lib/request';
import { settings as ts } from '@/locale/settings';
import {
  buildDoc,
  fillPath,
  searchDoc,
  type DocCall,
  type DocField,
  type DocParameter,
} from './showdoc-model';
import '../settings.css';
import './showdoc.css';

const t = ts.showdoc;

const docQuery = {
  queryKey: ['showdoc', 'openapi'] as const,
  queryFn: async () => {
    const contract = await import('@generated/openapi.json');
    return buildDoc(contract.default);
  },
  staleTime: Infinity,
};

function FieldTable({
  fields,
  withIn,
}: {
  fields: readonly (DocField | DocParameter)[];
  withIn?: boolean;
}) {
  if (fields.length === 0) return <p className="settings-empty">{t.noParameters}</p>;
  return (
    <table className="showdoc-table">
      <thead>
        <tr>
          <th>{t.name}</th>
          {withIn && <th>{t.in}</th>}
          <th>{t.type}</th>
          <th>{t.required}</th>
          <th>{t.description}</th>
        </tr>
      </thead>
      <tbody>
        {fields.map((field) => (
          <tr key={field.name}>
            <td>
              <code>{field.name}</code>
            </td>
            {withIn && <td>{'in' in field ? field.in : ''}</td>}
            <td>
              <code>{field.type}</code>
            </td>
            <td>{field.required ? t.yes : t.no}</td>
            <td>{field.description}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function pretty(value: unknown): string {
  return JSON.stringify(value, null, 2);
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  if (text.trim() === '') return { ok: true, value: undefined };
  try {
    const value: unknown = JSON.parse(text);
    return { ok: true, value };
  } catch {
    return { ok: false };
  }
}

/** 调试: edits the query and body, sends them, shows the answer JSON. */
function TryIt({ call }: { call: DocCall }) {
  const hasQuery = call.parameters.length > 0;
  const [query, setQuery] = useState(hasQuery ? pretty(call.queryExample) : '');
  const [body, setBody] = useState(call.bodyExample === undefined ? '' : pretty(call.bodyExample));
  const [error, setError] = useState('');
  const send = useMutation({
    mutationFn: async () => {
      const parsedQuery = parseJson(query);
      const parsedBody = parseJson(body);
      if (!parsedQuery.ok || !parsedBody.ok) throw new SyntaxError(t.badJson);
      const values = (parsedQuery.value ?? {}) as Record<string, unknown>;
      const { url, rest } = fillPath(call.path, values);
      const answer =
        call.method === 'GET'
          ? await http.get(url, rest)
          : await http.post(url, parsedBody.value ?? {});
      return isApiError(answer) ? (answer.envelope ?? { error: answer.message }) : answer;
    },
    onMutate: () => setError(''),
    onError: (failure) => setError(failure instanceof Error ? failure.message : String(failure)),
  });
  return (
    <section className="showdoc-try" aria-label={t.tryIt}>
      <div className="showdoc-try__inputs">
        {hasQuery && (
          <label>
            <span>{t.query}</span>
            <InputTextarea
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              rows={4}
              autoResize
            />
          </label>
        )}
        {call.bodyExample !== undefined && (
          <label>
            <span>{t.requestBody}</span>
            <InputTextarea
              value={body}
              onChange={(e) => setBody(e.target.value)}
              rows={6}
              autoResize
            />
          </label>
        )}
      </div>
      <Button
        type="button"
        icon="pi pi-send"
        label={send.isPending ? t.sending : t.send}
        loading={send.isPending}
        onClick={() => send.mutate()}
      />
      {error && (
        <small className="p-error" role="alert">
          {error}
        </small>
      )}
      {send.data !== undefined && (
        <div className="showdoc-try__answer">
          <h4>{t.answer}</h4>
          <pre aria-label={t.answer}>{pretty(send.data)}</pre>
        </div>
      )}
    </section>
  );
}

function CallView({ call }: { call: DocCall }) {
  const [trying, setTrying] = useState(false);
  return (
    <article className="showdoc-call" aria-label={`${call.method} ${call.path}`}>
      <header className="showdoc-call__head">
        <Tag value={call.method} severity={call.method === 'GET' ? 'success' : 'info'} />
        <code className="showdoc-call__path">{call.path}</code>
        {call.inferred && <Tag value={t.inferred} severity="warning" />}
        <Button
          type="button"
          icon="pi pi-play"
          label={t.tryIt}
          size="small"
          outlined={!trying}
          onClick={() => setTrying((on) => !on)}
        />
      </header>
      <h3>{call.summary}</h3>
      {call.description && <p className="showdoc-call__description">{call.description}</p>}
      {trying && <TryIt key={call.id} call={call} />}
      <h4>{t.parameters}</h4>
      <FieldTable fields={call.parameters} withIn />
      {call.bodyExample !== undefined && (
        <>
          <h4>{t.body}</h4>
          <FieldTable fields={call.body} />
          <h4>{t.example}</h4>
          <pre className="showdoc-example">{pretty(call.bodyExample)}</pre>
        </>
      )}
      <h4>{t.response}</h4>
      <FieldTable fields={call.response} />
    </article>
  );
}

export default function ShowdocPage() {
  const doc = useQuery(docQuery);
  const [term, setTerm] = useState('');
  const [chosen, setChosen] = useState<string>();
  const groups = useMemo(() => searchDoc(doc.data ?? [], term), [doc.data, term]);
  const calls = groups.flatMap((group) => group.calls);
  const call = calls.find((c) => c.id === chosen) ?? (term ? calls[0] : undefined);

  if (doc.isLoading)
    return <ProgressSpinner aria-label={t.loading} style={{ width: 40, height: 40 }} />;
  if (doc.isError) return <p className="p-error">{t.loadFailed}</p>;
  return (
    <section className="settings-split showdoc" aria-label={t.groups}>
      <nav className="settings-panel showdoc-nav" aria-label={t.groups}>
        <span className="p-input-icon-left showdoc-nav__search">
          <InputText
            value={term}
            onChange={(e) => setTerm(e.target.value)}
            placeholder={t.search}
            aria-label={t.search}
          />
        </span>
        {groups.length === 0 && <p className="settings-empty">{t.empty}</p>}
        {groups.map((group) => (
          <details
            key={group.name}
            open={Boolean(term) || group.calls.some((c) => c.id === call?.id)}
          >
            <summary>
              {group.title}{' '}
              <span className="settings-list__meta">{t.calls(group.calls.length)}</span>
            </summary>
            <ul className="settings-list">
              {group.calls.map((c) => (
                <li key={c.id}>
                  <button
                    type="button"
                    aria-current={c.id === call?.id}
                    onClick={() => setChosen(c.id)}
                  >
                    {c.summary || c.path}
                    <span className="settings-list__meta">
                      {c.method} {c.path}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          </details>
        ))}
      </nav>
      <div className="settings-panel">
        {call ? <CallView key={call.id} call={call} /> : <p className="settings-empty">{t.pick}</p>}
      </div>
    </section>
  );
}
