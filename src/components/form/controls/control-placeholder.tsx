/**
 * What a control whose code is still on its way shows in its place: a box of the control's own
 * size, so the fields and the 提交 button below it stay where they are when it arrives. A
 * button that moves between the moment it is aimed at and the click sends the click elsewhere.
 */
interface ControlPlaceholderProps {
  /** 控件加载中… and the like. */
  text: string;
  /**
   * The loaded control's height (px or a CSS length) when it is not one line: a drop area, an
   * editor. Omitted: the placeholder is input-shaped (PrimeReact's input classes give it an
   * input's height, whatever the font).
   */
  height?: number | string;
  /** The loaded control's width in px (an editor is narrower than the form). */
  width?: number;
}

export function ControlPlaceholder({ text, height, width }: ControlPlaceholderProps) {
  if (height === undefined)
    return (
      <span className="p-inputtext p-component dynamic-form__control-loading" aria-busy="true">
        {text}
      </span>
    );
  return (
    <span
      className="dynamic-form__control-loading dynamic-form__control-loading--area"
      style={{ height, width, maxWidth: '100%' }}
      aria-busy="true"
    >
      {text}
    </span>
  );
}
