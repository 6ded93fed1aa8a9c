import { InputBase, type SelectProps } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { type ComponentType, lazy, Suspense, useState } from 'react';

const Select = lazy(() =>
  import('./mantine-popovers').then((m) => ({ default: m.Select as ComponentType<SelectProps<string>> })),
);

type SelectData = SelectProps<string>['data'];

/** The label the Select shows for its value (data as strings, items or groups of them). */
export function selectedLabel(data: SelectData, value: string | null | undefined): string {
  if (value === null || value === undefined) return '';
  for (const entry of data ?? []) {
    if (typeof entry === 'string') {
      if (entry === value) return entry;
    } else if ('group' in entry) {
      for (const item of entry.items) {
        if (typeof item === 'string' ? item === value : item.value === value)
          return typeof item === 'string' ? item : 'label' in item ? String(item.label) : value;
      }
    } else if (entry.value === value) return entry.label;
  }
  return '';
}

/** The same field, read-only and marked pending, while the Select's code loads. */
function PendingSelect({ onAsk, ...props }: SelectProps<string> & { onAsk: () => void }) {
  const text = selectedLabel(props.data, props.value);
  return (
    <InputBase
      readOnly
      value={text}
      placeholder={props.placeholder}
      label={props.label}
      description={props.description}
      required={props.required}
      withAsterisk={props.withAsterisk}
      error={props.error}
      disabled={props.disabled}
      size={props.size}
      leftSection={props.leftSection}
      rightSection={<IconChevronDown size={16} aria-hidden />}
      rightSectionPointerEvents="none"
      w={props.w}
      miw={props.miw}
      maw={props.maw}
      style={props.style}
      className={props.className}
      aria-label={props['aria-label']}
      aria-busy="true"
      data-pending
      onFocus={onAsk}
      onClick={onAsk}
    />
  );
}

/**
 * Mantine's Select, whose code (Combobox, Popover, floating-ui) loads once the page shows; until then the same field
 * shows its value, read-only (issue 17: the shell's and the dashboard's pickers are off the first load). A field
 * clicked or focused meanwhile has the Select focused and open as soon as it is there.
 */
export function DeferredSelect(props: SelectProps<string>) {
  const [asked, setAsked] = useState(false);
  return (
    <Suspense fallback={<PendingSelect {...props} onAsk={() => setAsked(true)} />}>
      <Select
        {...props}
        autoFocus={props.autoFocus || asked}
        defaultDropdownOpened={props.defaultDropdownOpened || asked}
      />
    </Suspense>
  );
}
