import { systemversionSetcurrent } from '@generated/api/systemversion/systemversion';
import { systemVersionModule } from '@generated/modules/system-version';
import { VersionPage } from './version-page';

/** 系统版本管理 (/version/systeam): one current system version. */
export default function SystemVersionPage() {
  return (
    <VersionPage
      module={systemVersionModule}
      numberField="version_no"
      setCurrent={systemversionSetcurrent}
    />
  );
}
