import { moduleversionSetcurrent } from '@generated/api/moduleversion/moduleversion';
import { moduleVersionModule } from '@generated/modules/module-version';
import { VersionPage } from './version-page';

/** 模块版本管理 (/version/model): one current version per module. */
export default function ModuleVersionPage() {
  return (
    <VersionPage
      module={moduleVersionModule}
      numberField="version_no"
      setCurrent={moduleversionSetcurrent}
    />
  );
}
