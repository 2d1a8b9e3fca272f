// Document title: the page's parts joined with " | ", ending with the product name.
import { useEffect } from 'react';

export const DEFAULT_PAGE_TITLE = 'Learner portal';

export function joinPageTitle(...parts: (string | undefined | null)[]): string {
  const present = parts.map((part) => part?.trim()).filter((part): part is string => Boolean(part));
  return [...present, DEFAULT_PAGE_TITLE].join(' | ');
}

/** Sets document.title while the calling page is shown. */
export function usePageTitle(...parts: (string | undefined)[]): void {
  const title = joinPageTitle(...parts);
  useEffect(() => {
    document.title = title;
  }, [title]);
}
