/**
 * The control of one list filter. A drop-down (most filters, and every choice control, which a
 * filter turns into one) is drawn at once: the paginator has already loaded its component.
 * Every other control type comes from the form registry, loaded on first use, so opening a list
 * does not load the form engine's date pickers, tree selects and upload widgets.
 */
import type { ComponentType } from 'react';
import type { ControlType } from '@/core/field-definition';
import { SelectControl } from '@/components/form/controls/select-one';
import type { ControlProps } from '@/components/form/controls/types';
import { CodeSlot, lazyPreloaded, preloadable } from '@/lib/lazy';

type RegistryControlProps = ControlProps & { control: ControlType };

/** The one component over the registry, made when the registry has loaded. */
let byType: ComponentType<RegistryControlProps> | undefined;

const RegistryControl = lazyPreloaded(
  preloadable(() => import('@/components/form/controls/registry')),
  ({ CONTROL_COMPONENTS }) =>
    (byType ??= function RegistryControl({ control, ...props }: RegistryControlProps) {
      const Control = CONTROL_COMPONENTS[control] ?? CONTROL_COMPONENTS.input;
      return <Control {...props} />;
    }),
);

export function FilterControl({ control, ...props }: RegistryControlProps) {
  if (control === 'select') return <SelectControl {...props} />;
  return (
    <CodeSlot loading={null}>
      <RegistryControl control={control} {...props} />
    </CodeSlot>
  );
}
