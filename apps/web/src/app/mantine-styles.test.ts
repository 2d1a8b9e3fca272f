import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const src = resolve(import.meta.dirname, '..');
const mantineStyles = resolve(src, '../../../node_modules/@mantine/core/styles');

// Components whose parts are other components with styles of their own.
const builtFrom: Record<string, string[]> = {
  ActionIcon: ['UnstyledButton', 'Loader'],
  Anchor: ['Text'],
  Button: ['UnstyledButton', 'Loader'],
  Checkbox: ['InlineInput', 'CheckboxIndicator'],
  Drawer: ['ModalBase', 'Overlay', 'CloseButton', 'Paper'],
  Menu: ['Popover', 'UnstyledButton'],
  Modal: ['ModalBase', 'Overlay', 'CloseButton', 'Paper'],
  NavLink: ['UnstyledButton'],
  Notifications: ['Notification', 'Loader', 'CloseButton'],
  Select: ['Input', 'Combobox', 'Popover', 'ScrollArea', 'CloseButton'],
  TextInput: ['Input'],
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

function componentsUsed(): Set<string> {
  const used = new Set<string>(['Notifications']);
  for (const file of sourceFiles(src)) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/import\s*\{([^}]*)\}\s*from\s*'@mantine\/core'/g)) {
      for (const name of match[1]!.split(',').map((part) => part.trim().split(' as ')[0]!)) {
        if (/^[A-Z]/.test(name)) used.add(name);
      }
    }
  }
  return used;
}

describe('Mantine styles per component', () => {
  it('imports the styles of every component the app uses, and of their parts', () => {
    const imported = readFileSync(resolve(src, 'app/mantine-styles.ts'), 'utf8');
    const needed = new Set<string>();
    for (const name of componentsUsed()) {
      for (const part of [name, ...(builtFrom[name] ?? [])]) {
        if (existsSync(join(mantineStyles, `${part}.css`))) needed.add(part);
      }
    }
    const missing = [...needed].filter(
      (name) => !imported.includes(`'@mantine/core/styles/${name}.css'`),
    );
    expect(needed.size).toBeGreaterThan(20);
    expect(missing).toEqual([]);
  });
});
