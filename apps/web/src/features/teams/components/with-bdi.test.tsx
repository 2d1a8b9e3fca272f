// The stand-in for Trans: the marked name in its own direction-isolated element, everything else plain text.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { withBdi } from './with-bdi.tsx';

afterEach(cleanup);

describe('withBdi', () => {
  it('isolates the marked name and keeps the text around it', () => {
    const { container } = render(<p>{withBdi('Your team: <bdi>فريق المدار</bdi>!')}</p>);
    expect(container.textContent).toBe('Your team: فريق المدار!');
    const bdi = container.querySelector('bdi')!;
    expect(bdi.getAttribute('dir')).toBe('auto');
    expect(bdi.textContent).toBe('فريق المدار');
  });

  it('renders a name that looks like markup as text, and a text without a mark unchanged', () => {
    const { container } = render(<p>{withBdi('Join <bdi><b>x</b></bdi>')}</p>);
    expect(container.querySelector('b')).toBeNull();
    expect(container.querySelector('bdi')!.textContent).toBe('<b>x</b>');
    expect(render(<p>{withBdi('Plain')}</p>).container.textContent).toBe('Plain');
  });
});
