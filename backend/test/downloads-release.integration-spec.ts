import request from 'supertest';
import { ADMIN_EMAIL, signIn, withFreshApp } from './support/app';
import { errorOf } from './support/customer';
import { TEST_DB } from './support/database';
import { pluginZip } from './support/zips';

/** The console's downloads block reads each product's current release (docs/wordpress.md). */
describe(`current release for the console (${TEST_DB})`, () => {
  let base: string;

  withFreshApp({}, async (app) => {
    base = app.url;
  });

  it('answers the seeded release to anyone: version, requirements and the Markdown changelog, no link', async () => {
    const res = await request(base)
      .get('/api/wp-updates/plugins/visual-editor/release')
      .expect(200);
    expect(res.body).toEqual({
      kind: 'plugins',
      slug: 'visual-editor',
      name: 'Visual Editor',
      version: '1.0.0',
      changelog: expect.stringMatching(/^#### 1\.0\.0\n\n- 首个版本/),
      releasedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      requires: '6.0',
      tested: '6.7',
      requiresPhp: '7.4',
    });
    expect(JSON.stringify(res.body)).not.toMatch(/link=|sha256|fileName/);
    const theme = await request(base)
      .get('/api/wp-updates/themes/minimal-theme/release')
      .expect(200);
    expect(theme.body).toMatchObject({ kind: 'themes', slug: 'minimal-theme' });
  });

  it('follows an upload at once', async () => {
    const admin = (await signIn(base, ADMIN_EMAIL)).agent;
    await admin
      .post('/api/admin/releases')
      .set('Origin', base)
      .field('kind', 'plugins')
      .field('slug', 'visual-editor')
      .field('version', '1.2.0')
      .field('changelog', '#### 1.2.0\n\n- **Faster** saves')
      .field('requires', '6.1')
      .field('tested', '6.8')
      .field('requiresPhp', '8.0')
      .attach('file', await pluginZip('visual-editor', '1.2.0'), 'upload.zip')
      .expect(201);
    const res = await request(base)
      .get('/api/wp-updates/plugins/visual-editor/release')
      .expect(200);
    expect(res.body).toMatchObject({
      version: '1.2.0',
      changelog: '#### 1.2.0\n\n- **Faster** saves',
      requires: '6.1',
      tested: '6.8',
      requiresPhp: '8.0',
    });
  });

  it('answers 404 for an unknown product or kind', async () => {
    expect(
      (await request(base).get('/api/wp-updates/plugins/nope/release').expect(404)).body,
    ).toEqual(errorOf('Product not found', 404));
    await request(base).get('/api/wp-updates/widgets/visual-editor/release').expect(404);
  });
});
