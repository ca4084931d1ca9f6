import { shell } from '@/locale/shell';
import { StatusPage } from './status-page';

const t = shell.errorPages;

export default function NoPermissionPage() {
  return (
    <StatusPage
      code="403"
      title={t.noPermissionTitle}
      text={t.noPermissionText}
      action={{ label: t.backHome, to: '/' }}
    />
  );
}
