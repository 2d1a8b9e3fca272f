// The shell as a lazily loaded route module.
import { ShellLayout } from './shell-layout.tsx';

export function Component() {
  return <ShellLayout />;
}
