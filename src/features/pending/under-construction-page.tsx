/** The honest placeholder for a route of the spec whose screen does not exist yet. */
import { useLocation, useMatches } from 'react-router-dom';
import { fillTemplate, shell } from '@/locale/shell';
import '@/layout/status-page.css';

export default function UnderConstructionPage() {
  const matches = useMatches();
  const { pathname } = useLocation();
  const title =
    (matches[matches.length - 1]?.handle as { title?: string } | undefined)?.title ?? pathname;
  return (
    <section className="status-page status-page--inline" aria-labelledby="uc-title">
      <i className="pi pi-wrench status-page__icon" aria-hidden />
      <h2 id="uc-title">{shell.underConstruction.title}</h2>
      <p>{fillTemplate(shell.underConstruction.text, { title })}</p>
      <p className="status-page__path">
        {fillTemplate(shell.underConstruction.path, { path: pathname })}
      </p>
    </section>
  );
}
