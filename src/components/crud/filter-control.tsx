/**
 * The control of one list filter. A drop-down (most filters, and every choice control, which a
 * filter turns into one) is drawn at once: the paginator has already loaded its component.
 * Every other control type comes from the form registry, loaded on first use, so opening a list
 * does not load the form engine's date pickers, tree selects and upload widgets.
 */
import { lazy, Suspense } from 'react';
import type { ControlType } from '@/core/field-definition';
import { SelectControl } from '@/components/form/controls/select-one';
import type { ControlProps } from '@/components/form/controls/types';

const RegistryControl = lazy(async () => {
  const { CONTROL_COMPONENTS } = await import('@/components/form/controls/registry');
  return {
    default: function RegistryControl({
      control,
      ...props
    }: ControlProps & { control: ControlType }) {
      const Control = CONTROL_COMPONENTS[control] ?? CONTROL_COMPONENTS.input;
      return <Control {...props} />;
    },
  };
});

export function FilterControl({ control, ...props }: ControlProps & { control: ControlType }) {
  if (control === 'select') return <SelectControl {...props} />;
  return (
    <Suspense fallback={null}>
      <RegistryControl control={control} {...props} />
    </Suspense>
  );
}
