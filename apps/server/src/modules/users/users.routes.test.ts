// /api/platform/v1 users/me, permissions, licensed features, navigation, learner settings and locale.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createUser } from '../identity/identity.repository.ts';
import { fixedClock } from '../../lib/clock.ts';
import { clientHeaders, createTestApp, type TestApp } from '../../test/test-app.ts';
import { testDialects } from '../../test/test-databases.ts';
import { signInAs } from '../../test/sign-in.ts';

const NOW = '2027-01-10T09:00:00.000Z';
const API = '/api/platform/v1';

describe.each(await testDialects())('users and settings API (%s)', (dialect) => {
  let testApp: TestApp;
  let tenantId: string;
  let otherTenantId: string;
  const cookies: Record<'learner' | 'everything' | 'author' | 'otherTenant', string> = {
    learner: '',
    everything: '',
    author: '',
    otherTenant: '',
  };
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    testApp = await createTestApp(dialect, { clock: fixedClock(NOW), startWorker: false });
    const { db } = testApp.ctx;
    tenantId = (
      await createTenant(db, { name: 'Northwind Academy', domain: 'northwind.test', created: NOW })
    ).id;
    otherTenantId = (
      await createTenant(db, {
        name: 'Contoso',
        domain: 'contoso.test',
        created: NOW,
        licensedFeatures: ['Platform.Research'],
      })
    ).id;
    const make = async (
      key: keyof typeof cookies,
      email: string,
      roles: string[],
      tenant = tenantId,
    ) => {
      const user = await createUser(db, {
        tenantId: tenant,
        email,
        firstName: 'Grace',
        middleName: key === 'everything' ? 'Brewster' : null,
        lastName: 'Hopper',
        roles,
        created: NOW,
        departmentName: 'Navy',
        externalId: `ext-${key}`,
      });
      ids[key] = user.id;
      cookies[key] = await signInAs(testApp, user.id);
    };
    await make('learner', 'learner@example.com', ['Learner']);
    await make('everything', 'admin@example.com', [
      'Administrator',
      'Author',
      'Instructor',
      'Learner',
    ]);
    await make('author', 'author@example.com', ['Author']);
    await make('otherTenant', 'other@example.com', ['Learner'], otherTenantId);
  });

  afterAll(async () => {
    await testApp.close();
  });

  const get = (path: string, cookie?: string) =>
    testApp.app.inject({ method: 'GET', url: `${API}/${path}`, headers: clientHeaders(cookie) });
  const setSetting = async (tenant: string, key: string, value: unknown) => {
    await testApp.ctx.db
      .deleteFrom('settings')
      .where('tenantId', '=', tenant)
      .where('key', '=', key)
      .execute();
    await testApp.ctx.db
      .insertInto('settings')
      .values({
        tenantId: tenant,
        key,
        value: typeof value === 'string' ? value : JSON.stringify(value),
      })
      .execute();
  };

  it.each([
    'users/me',
    'users/me/permissions',
    'users/me/licensed-features',
    'users/me/navigation',
    'settings/learner',
  ])('GET %s answers 401 without a session', async (path) => {
    const response = await get(path);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ code: 'unauthorized', message: 'Sign-in is required.' });
  });

  it('GET users/me answers the current user in snake_case with roles', async () => {
    const response = await get('users/me', cookies.everything);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.json()).toEqual({
      id: ids.everything,
      email: 'admin@example.com',
      username: 'admin@example.com',
      first_name: 'Grace',
      middle_name: 'Brewster',
      last_name: 'Hopper',
      name: 'Grace Brewster Hopper',
      timezone: null,
      tenant_id: tenantId,
      department_name: 'Navy',
      external_id: 'ext-everything',
      roles: ['Administrator', 'Author', 'Instructor', 'Learner'],
      locale: null,
    });
  });

  it('a learner holds ObjectiveWorkflow.Create without scope', async () => {
    const permissions = (await get('users/me/permissions', cookies.learner)).json() as {
      name: string;
      scope_id: string | null;
    }[];
    expect(permissions).toContainEqual({ name: 'ObjectiveWorkflow.Create', scope_id: null });
    expect(permissions.map((p) => p.name)).not.toContain('Admin.Access');
  });

  it('a user with all four roles gets the union of permissions, each once', async () => {
    const permissions = (await get('users/me/permissions', cookies.everything)).json() as {
      name: string;
      scope_id: string | null;
    }[];
    const names = permissions.map((p) => p.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'ObjectiveWorkflow.Create',
        'Objective.Create',
        'Admin.Access',
        'ActivityRecord.Read',
      ]),
    );
    expect(new Set(names).size).toBe(names.length);
  });

  it('an Author-only user lacks ObjectiveWorkflow.Create and gets no navigation node', async () => {
    const permissions = (await get('users/me/permissions', cookies.author)).json() as {
      name: string;
    }[];
    expect(permissions.map((p) => p.name)).not.toContain('ObjectiveWorkflow.Create');
    const navigation = await get('users/me/navigation', cookies.author);
    expect(navigation.statusCode).toBe(200);
    expect(navigation.json()).toEqual([]);
  });

  it('a learner gets the learner portal node', async () => {
    expect((await get('users/me/navigation', cookies.learner)).json()).toEqual([
      { id: 'learn', name: 'Learner portal', url: '/learn' },
    ]);
  });

  it('adds the tenant portals the user holds the role for, after the learner portal', async () => {
    await setSetting(tenantId, 'platform.portals', [
      { id: 'admin', name: 'Admin panel', url: '/admin', requiredRole: 'Administrator' },
      { id: 'teach', name: 'Authoring', url: '/teach', requiredRole: 'Author' },
      { id: 'help', name: 'Help centre', url: null },
    ]);
    expect((await get('users/me/navigation', cookies.author)).json()).toEqual([
      { id: 'teach', name: 'Authoring', url: '/teach' },
      { id: 'help', name: 'Help centre', url: null },
    ]);
    expect((await get('users/me/navigation', cookies.everything)).json()).toEqual([
      { id: 'learn', name: 'Learner portal', url: '/learn' },
      { id: 'admin', name: 'Admin panel', url: '/admin' },
      { id: 'teach', name: 'Authoring', url: '/teach' },
      { id: 'help', name: 'Help centre', url: null },
    ]);
    // The application of a role needs the role, also when the setting does not say so.
    await setSetting(tenantId, 'platform.portals', [
      { id: 'admin', name: 'Admin panel', url: '/admin' },
      { id: 'instructor', name: 'Instructor', url: '/instructor' },
    ]);
    expect((await get('users/me/navigation', cookies.learner)).json()).toEqual([
      { id: 'learn', name: 'Learner portal', url: '/learn' },
    ]);
    expect((await get('users/me/navigation', cookies.everything)).json()).toEqual([
      { id: 'learn', name: 'Learner portal', url: '/learn' },
      { id: 'admin', name: 'Admin panel', url: '/admin' },
      { id: 'instructor', name: 'Instructor', url: '/instructor' },
    ]);
    // Another tenant's portals never leak.
    expect((await get('users/me/navigation', cookies.otherTenant)).json()).toEqual([
      { id: 'learn', name: 'Learner portal', url: '/learn' },
    ]);
  });

  it('GET users/me/licensed-features answers the tenant licences', async () => {
    expect((await get('users/me/licensed-features', cookies.learner)).json()).toEqual(['LMS']);
    expect((await get('users/me/licensed-features', cookies.otherTenant)).json()).toEqual([
      'Platform.Research',
    ]);
  });

  it('GET settings/learner answers the defaults for a tenant without settings', async () => {
    const response = await get('settings/learner', cookies.otherTenant);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      featureFlags: {
        'learner.dashboard': false,
        'platform.research': false,
        'platform.knowledgeModels': false,
      },
      navigation: {
        catalog: true,
        rooms: false,
        researchProjects: false,
        knowledgeModels: false,
        calendar: false,
      },
      pluginItems: [],
      feedback: { learner: { visible: true } },
      tutor: { enabled: false, defaultKnowledgeModelId: null },
      copyright: '© 2027 Contoso',
      supportUrl: null,
    });
  });

  it('GET settings/learner applies the tenant settings and ignores malformed ones', async () => {
    await setSetting(tenantId, 'learner.dashboard', true);
    await setSetting(tenantId, 'learner.navigation.catalog', false);
    await setSetting(tenantId, 'learner.navigation.rooms', 'not json');
    await setSetting(tenantId, 'learner.navigation.pluginItems', [
      { id: 'wiki', name: 'Wiki', url: 'https://wiki.example.com' },
    ]);
    await setSetting(tenantId, 'platform.ui.feedback', { learner: { visible: false } });
    await setSetting(tenantId, 'learner.tutor', { enabled: true, defaultKnowledgeModelId: 'km-1' });
    await setSetting(tenantId, 'platform.supportUrl', JSON.stringify('mailto:help@northwind.test'));
    const settings = (await get('settings/learner', cookies.learner)).json();
    expect(settings).toMatchObject({
      featureFlags: { 'learner.dashboard': true },
      navigation: { catalog: false, rooms: false, calendar: false },
      pluginItems: [{ id: 'wiki', name: 'Wiki', url: 'https://wiki.example.com' }],
      feedback: { learner: { visible: false } },
      tutor: { enabled: true, defaultKnowledgeModelId: 'km-1' },
      copyright: '© 2027 Northwind Academy',
      supportUrl: 'mailto:help@northwind.test',
    });
  });

  it('offers Contact Support only for a web page or a mailto: address', async () => {
    for (const unsafe of ['javascript:alert(1)', '//evil.example.com', 42]) {
      await setSetting(otherTenantId, 'platform.supportUrl', JSON.stringify(unsafe));
      expect((await get('settings/learner', cookies.otherTenant)).json().supportUrl).toBeNull();
    }
    await setSetting(
      otherTenantId,
      'platform.supportUrl',
      JSON.stringify('https://help.contoso.test/learners'),
    );
    expect((await get('settings/learner', cookies.otherTenant)).json().supportUrl).toBe(
      'https://help.contoso.test/learners',
    );
    await testApp.ctx.db
      .deleteFrom('settings')
      .where('tenantId', '=', otherTenantId)
      .where('key', '=', 'platform.supportUrl')
      .execute();
  });

  it('PUT users/me/locale stores one of the 35 locales', async () => {
    const put = (payload: unknown, cookie = cookies.learner) =>
      testApp.app.inject({
        method: 'PUT',
        url: `${API}/users/me/locale`,
        headers: clientHeaders(cookie),
        payload: payload as object,
      });
    const ok = await put({ locale: 'ar-AR' });
    expect(ok.statusCode).toBe(204);
    const row = await testApp.ctx.db
      .selectFrom('users')
      .select('locale')
      .where('id', '=', ids.learner!)
      .executeTakeFirstOrThrow();
    expect(row.locale).toBe('ar-AR');

    expect((await put({ locale: 'xx-XX' })).statusCode).toBe(400);
    expect((await put({ locale: 'de-DE', extra: 1 })).statusCode).toBe(400);
    expect((await put({})).statusCode).toBe(400);
    const anonymous = await testApp.app.inject({
      method: 'PUT',
      url: `${API}/users/me/locale`,
      headers: clientHeaders(),
      payload: { locale: 'de-DE' },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
