import { shell } from '@/locale/shell';
import { StatusPage } from './status-page';

const t = shell.errorPages;

export default function NotFoundPage() {
  return (
    <StatusPage
      code="404"
      title={t.notFoundTitle}
      text={t.notFoundText}
      action={{ label: t.backHome, to: '/' }}
    />
  );
}
