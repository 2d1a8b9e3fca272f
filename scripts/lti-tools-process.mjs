// Starts the built-in LTI tools (apps/lti-tools) beside the portal, configured to trust the portal as their
// LTI platform with the client and deployment ids the demo seed registers (apps/server/src/seed/demo-lti.ts).
import { spawn } from 'node:child_process';

export const BUILT_IN_QUIZ = { clientId: 'built-in-quiz', deploymentId: 'northwind-quiz-1' };

/**
 * @param {{ root: string, portalUrl: string, toolUrl: string, keyFile?: string, env?: NodeJS.ProcessEnv }} options
 */
export function startLtiTools({ root, portalUrl, toolUrl, keyFile, env = process.env }) {
  const portal = portalUrl.replace(/\/+$/, '');
  const tool = new URL(toolUrl);
  const platforms = [
    {
      issuer: portal,
      clientId: BUILT_IN_QUIZ.clientId,
      deploymentId: BUILT_IN_QUIZ.deploymentId,
      authorizationEndpoint: `${portal}/api/lti/v1/auth`,
      tokenEndpoint: `${portal}/api/lti/v1/token`,
      jwksUrl: `${portal}/api/lti/v1/.well-known/jwks.json`,
    },
  ];
  return spawn(process.execPath, ['--import', 'tsx', 'apps/lti-tools/src/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...env,
      // "localhost" binds both 127.0.0.1 and ::1, whichever the browser and the portal resolve.
      LTI_TOOLS_HOST:
        env.LTI_TOOLS_HOST ?? (tool.hostname === 'localhost' ? 'localhost' : tool.hostname),
      LTI_TOOLS_PORT: tool.port || '80',
      LTI_TOOLS_PUBLIC_URL: tool.origin,
      LTI_TOOLS_PLATFORMS: JSON.stringify(platforms),
      ...(keyFile ? { LTI_TOOLS_KEY_FILE: keyFile } : {}),
    },
  });
}
