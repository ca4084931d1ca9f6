/**
 * The form registry's view of the controls that load on first use (./lazy-code.ts): each shows a
 * placeholder the size of an input while its code arrives, and renders at once when it has (fetched ahead by
 * a list, or by an earlier form); a failed download shows 重试 in its place (CodeSlot).
 */
import type { ComponentType } from 'react';
import { CodeSlot, lazyPreloaded, type Preloadable } from '@/lib/lazy';
import { form as t } from '@/locale/form';
import { ControlPlaceholder } from './control-placeholder';
import { calendarCode, cityCode, passwordCode, selectTreeCode, sliderCode } from './lazy-code';
import type { ControlProps } from './types';

function lazyControl<M>(
  code: Preloadable<M>,
  pick: (module: M) => ComponentType<ControlProps>,
): ComponentType<ControlProps> {
  const Control = lazyPreloaded(code, pick);
  return function LazyControl(props: ControlProps) {
    return (
      <CodeSlot loading={<ControlPlaceholder text={t.controlLoading} />}>
        <Control {...props} />
      </CodeSlot>
    );
  };
}

export const LazyCalendarControl = lazyControl(calendarCode, (module) => module.CalendarControl);
export const LazySelectTreeControl = lazyControl(
  selectTreeCode,
  (module) => module.SelectTreeControl,
);
export const LazyCityControl = lazyControl(cityCode, (module) => module.CityControl);
export const LazySliderControl = lazyControl(sliderCode, (module) => module.SliderControl);
export const LazyPasswordControl = lazyControl(passwordCode, (module) => module.PasswordControl);
