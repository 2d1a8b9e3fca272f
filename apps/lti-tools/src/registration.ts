// What a platform needs to register this tool: its name and URLs (dependency-free so the portal's seed can use it).

export interface ToolRegistration {
  name: string;
  loginUrl: string;
  redirectUris: string[];
  targetLinkUri: string;
  jwksUrl: string;
}

export function toolRegistration(publicUrl: string): ToolRegistration {
  const base = publicUrl.replace(/\/+$/, '');
  return {
    name: 'Quiz (built-in tool)',
    loginUrl: `${base}/login`,
    redirectUris: [`${base}/launch`],
    targetLinkUri: `${base}/launch`,
    jwksUrl: `${base}/.well-known/jwks.json`,
  };
}
