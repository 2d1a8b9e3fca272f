// The search box: typing applies after the spec's 500 ms pause, lower-cased and left-trimmed, and it takes
// no more text than a list filter accepts (longer text could only end in a refused request).
import { useState } from 'react';
import { TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MAX_FILTER_TEXT_LENGTH } from '@portal/contracts';
import { normalizeSearch } from '@portal/domain';

export const SEARCH_DEBOUNCE_MS = 500;

interface CourseSearchInputProps {
  /** The accessible name and visible label, which says what the list searches. */
  label: string;
  /** The applied (normalized) search text. */
  keyword: string;
  onSearch(keyword: string): void;
}

export function CourseSearchInput({ label, keyword, onSearch }: CourseSearchInputProps) {
  const { t } = useTranslation('courseList');
  const [text, setText] = useState(keyword);
  const [appliedKeyword, setAppliedKeyword] = useState(keyword);
  // The keyword can change from outside (clear filters, back navigation): show it unless it is what we typed.
  if (keyword !== appliedKeyword) {
    setAppliedKeyword(keyword);
    if (normalizeSearch(text) !== keyword) setText(keyword);
  }

  const apply = useDebouncedCallback((value: string) => {
    const normalized = normalizeSearch(value);
    if (normalized !== keyword) onSearch(normalized);
  }, SEARCH_DEBOUNCE_MS);

  return (
    <TextInput
      type="search"
      label={label}
      placeholder={t('search.placeholder')}
      leftSection={<IconSearch size={16} aria-hidden="true" />}
      value={text}
      maxLength={MAX_FILTER_TEXT_LENGTH}
      onChange={(event) => {
        setText(event.currentTarget.value);
        apply(event.currentTarget.value);
      }}
      maw={420}
      w="100%"
    />
  );
}
