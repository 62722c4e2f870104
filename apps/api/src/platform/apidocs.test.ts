import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.js';

describe('API docs switch', () => {
  let on: TestApp;
  let off: TestApp;
  beforeAll(async () => {
    [on, off] = await Promise.all([startTestApp({ API_DOCS: 'on' }), startTestApp({ API_DOCS: 'off' })]);
  });
  afterAll(async () => {
    await on.close();
    await off.close();
  });

  it('on: Swagger UI and an OpenAPI document built from the shared contracts', async () => {
    expect((await on.client().get('/api/profile-info')).json()).toMatchObject({ apiDocs: true, activeProfiles: ['dev', 'api-docs'] });
    const doc = (await on.client().get('/swagger-ui/json')).json();
    expect(doc.info.title).toBe('Cadastro SEFAZ-AL API');
    expect(doc.paths['/api/authenticate'].post.requestBody.content['application/json'].schema.properties).toHaveProperty('rememberMe');
    expect((await on.client().get('/swagger-ui/')).statusCode).toBe(200);
  });

  it('off: no endpoint, and the SPA is told so', async () => {
    expect((await off.client().get('/api/profile-info')).json()).toMatchObject({ apiDocs: false, activeProfiles: ['dev'] });
    expect((await off.client().get('/swagger-ui/json')).statusCode).toBe(404);
    expect((await off.client().get('/swagger-ui/')).statusCode).toBe(404);
  });
});
