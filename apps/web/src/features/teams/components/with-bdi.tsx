// Renders a translated text whose catalogue value marks an authored name as <bdi>{{name}}</bdi>: the name is
// direction-isolated in its own <bdi dir="auto">, the rest is plain text. A small stand-in for react-i18next's
// Trans, which would bring its HTML parser into the first load of every page.
import type { ReactNode } from 'react';

export function withBdi(text: string): ReactNode {
  const start = text.indexOf('<bdi>');
  const end = text.lastIndexOf('</bdi>');
  if (start < 0 || end < start) return text;
  return (
    <>
      {text.slice(0, start)}
      <bdi dir="auto">{text.slice(start + '<bdi>'.length, end)}</bdi>
      {text.slice(end + '</bdi>'.length)}
    </>
  );
}
