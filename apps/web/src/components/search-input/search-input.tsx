import { CloseButton, TextInput, type TextInputProps } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';

export const SEARCH_DEBOUNCE_MS = 300;

export type SearchInputProps = {
  /** The search in force (usually the URL's `search`); the box shows it again when it changes from outside. */
  value: string;
  /** Called with the new search: after `debounceMs` of quiet while typing, at once when cleared. */
  onSearch: (value: string) => void;
  placeholder: string;
  /** 0 reports every keystroke at once (a list filtered in the page). */
  debounceMs?: number;
  w?: TextInputProps['w'];
};

/** The lists' search box: a magnifier, a 'Clear search' button while it holds text, debounced reporting. */
export function SearchInput({
  value,
  onSearch,
  placeholder,
  debounceMs = SEARCH_DEBOUNCE_MS,
  w = { base: '100%', sm: 360 },
}: SearchInputProps) {
  const [text, setText] = useState(value);
  const pushSearch = useDebouncedCallback(onSearch, debounceMs);
  // Back/forward or a cleared URL: show what the URL holds.
  useEffect(() => setText(value), [value]);

  const report = (next: string) => {
    setText(next);
    if (debounceMs > 0) pushSearch(next);
    else onSearch(next);
  };

  return (
    <TextInput
      aria-label="Search"
      placeholder={placeholder}
      leftSection={<IconSearch size={16} aria-hidden />}
      rightSection={
        text ? (
          <CloseButton
            aria-label="Clear search"
            onClick={() => {
              setText('');
              onSearch('');
            }}
          />
        ) : null
      }
      value={text}
      onChange={(event) => report(event.currentTarget.value)}
      w={w}
    />
  );
}
