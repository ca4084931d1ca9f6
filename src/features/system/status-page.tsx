/** Shared look of the pages outside the layout (/404, /401, /no-permission). */
// The icon font: these pages can be the first a visitor sees (a typed address that does not
// exist), before the layout that otherwise brings it (app/providers.tsx).
import 'primeicons/primeicons.css';
import { Button } from 'primereact/button';
import { useNavigate } from 'react-router-dom';
import '@/layout/status-page.css';

interface Props {
  code: string;
  title: string;
  text: string;
  action: { label: string; to: string };
}

export function StatusPage({ code, title, text, action }: Props) {
  const navigate = useNavigate();
  return (
    <main className="status-page" aria-labelledby="status-title">
      <div className="status-page__code">{code}</div>
      <h1 id="status-title">{title}</h1>
      <p>{text}</p>
      <Button label={action.label} icon="pi pi-home" onClick={() => void navigate(action.to)} />
    </main>
  );
}
