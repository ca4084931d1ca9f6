import { shell } from '@/locale/shell';
import { StatusPage } from './status-page';

const t = shell.errorPages;

export default function UnauthorizedPage() {
  return (
    <StatusPage
      code="401"
      title={t.unauthorizedTitle}
      text={t.unauthorizedText}
      action={{ label: t.toLogin, to: '/login' }}
    />
  );
}
