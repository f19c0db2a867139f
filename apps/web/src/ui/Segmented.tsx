import { type ReactNode, useId } from 'react';

/**
 * A choice of a few values shown side by side, drawn as Ionic's segment (the chosen one underlined in the primary
 * colour), made of the browser's own radio buttons: one Tab stop, the arrows move the choice, and the sales screen
 * loads no segment element of Ionic's to draw its invoice type and its phone sections.
 */
export function Segmented<Value extends string>({
  label,
  value,
  options,
  onChange,
  className,
}: {
  /** Said by screen readers; the screen may show its own label beside it. */
  label: string;
  value: Value;
  options: { value: Value; label: ReactNode }[];
  onChange: (value: Value) => void;
  className?: string;
}) {
  const name = useId();
  return (
    <div role="radiogroup" aria-label={label} className={className ? `segmented ${className}` : 'segmented'}>
      {options.map((option) => {
        const checked = option.value === value;
        return (
          <label key={option.value} className={checked ? 'segment-checked' : undefined}>
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={checked}
              onChange={() => onChange(option.value)}
            />
            <span>{option.label}</span>
          </label>
        );
      })}
    </div>
  );
}
