import type { ReactNode } from 'react';

/**
 * A labelled `<select>` of a GET form (browse filters, the season picker): one option a value,
 * after an empty "any" option when `anyLabel` is given; `defaultValue` preselects the page's state.
 */
export function SelectField<V extends string | number>({
  label,
  name,
  defaultValue,
  className,
  anyLabel,
  values,
  labelOf,
}: {
  label: string;
  name: string;
  defaultValue: string | number;
  className: string;
  anyLabel?: string;
  values: readonly V[];
  labelOf: (value: V) => ReactNode;
}) {
  return (
    <label className="flex flex-col gap-1 text-sm font-medium">
      {label}
      <select name={name} defaultValue={defaultValue} className={className}>
        {anyLabel !== undefined && <option value="">{anyLabel}</option>}
        {values.map((value) => (
          <option key={value} value={value}>
            {labelOf(value)}
          </option>
        ))}
      </select>
    </label>
  );
}
