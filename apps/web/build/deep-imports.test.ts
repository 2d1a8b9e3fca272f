import { describe, expect, it } from 'vitest';
import { exportMapOf, rewriteImports } from './deep-imports.ts';

const mantineLike = `
import { Button } from "./components/Button/Button.mjs";
import { useMenu as useMenuInternal } from "./components/Menu/use-menu.mjs";
export { Button, useMenuInternal as useMenu };
export { default as IconX, default as IconXAlias } from './icons/IconX.mjs';
export { RemoveScroll } from 'react-remove-scroll';
`;

describe('deep imports of a package index', () => {
  const map = exportMapOf(mantineLike, '/pkg/esm');

  it('knows the file and the name behind every export of the index', () => {
    expect(map.get('Button')).toEqual({
      file: '/pkg/esm/components/Button/Button.mjs',
      name: 'Button',
    });
    expect(map.get('useMenu')).toEqual({
      file: '/pkg/esm/components/Menu/use-menu.mjs',
      name: 'useMenu',
    });
    expect(map.get('IconXAlias')).toEqual({ file: '/pkg/esm/icons/IconX.mjs', name: 'default' });
    expect(map.get('RemoveScroll')).toEqual({ file: 'react-remove-scroll', name: 'RemoveScroll' });
  });

  it('rewrites named imports to the defining files and keeps type-only names on the package', () => {
    const code = `import {\n  Button as B,\n  IconX,\n  type ButtonProps,\n} from '@ui/core';\nB;`;
    expect(rewriteImports(code, '@ui/core', map)).toBe(
      'import { Button as B } from "/pkg/esm/components/Button/Button.mjs"; ' +
        'import { default as IconX } from "/pkg/esm/icons/IconX.mjs"; ' +
        "import type { ButtonProps } from '@ui/core';\nB;",
    );
  });

  it('fails the build on a name the index does not export', () => {
    expect(() => rewriteImports(`import { Nope } from '@ui/core';`, '@ui/core', map)).toThrow(
      /exports no Nope/,
    );
  });

  it('leaves other packages alone', () => {
    const code = `import { Button } from '@ui/core-extra';`;
    expect(rewriteImports(code, '@ui/core', map)).toBe(code);
  });
});
