// Public pages (open catalog, public certificate) work signed out: no user fetch, no sign-in redirect.

export function isPublicPath(pathname: string): boolean {
  return pathname.includes('/open-catalog') || pathname.includes('/learn/certificate/');
}

export function isInFrame(): boolean {
  try {
    return window.self !== window.top;
  } catch {
    // Cross-origin parent: reading window.top throws, which also means we are framed.
    return true;
  }
}
