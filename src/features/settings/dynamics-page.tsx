/**
 * 系统动态管理: CRUD of system news. The body is edited in a plain textarea until the rich-text
 * editor control is available (the detail dialog renders it as sanitised rich text).
 */
import { CrudPage, type ModuleDefinition } from '@/components/crud';
import { dynamicsModule } from '@generated/modules/dynamics';

const module: ModuleDefinition = {
  ...(dynamicsModule as ModuleDefinition),
  fields: dynamicsModule.fields.map((field) =>
    field.cf_control === 'editor' ? { ...field, cf_control: 'textarea' } : field,
  ),
};

export default function DynamicsPage() {
  return <CrudPage module={module} />;
}
