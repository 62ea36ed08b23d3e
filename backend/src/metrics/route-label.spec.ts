import { methodLabel, routeLabel } from './route-label';

describe('routeLabel (docs/monitoring.md)', () => {
  it('is the matched template, never the raw URL', () => {
    expect(
      routeLabel({
        baseUrl: '',
        path: '/api/wp-updates/plugins/download/visual-editor',
        route: { path: '/api/wp-updates/:kind/download/:product' },
      }),
    ).toBe('/api/wp-updates/:kind/download/:product');
    expect(routeLabel({ baseUrl: '/dev-ai/v1', route: { path: '/models' } })).toBe(
      '/dev-ai/v1/models',
    );
  });

  it('puts every unmatched API path under one label, and the web app under another', () => {
    expect(routeLabel({ path: '/api/no-such-thing/12345' })).toBe('unmatched');
    // The session middleware's catch-all route is the last one an unknown path went through.
    expect(routeLabel({ path: '/api/nope/1', route: { path: '/*path' } })).toBe('unmatched');
    expect(routeLabel({ path: '/pricing', route: { path: '/{*path}' } })).toBe('app');
    expect(routeLabel({ url: '/api/x?y=1' })).toBe('unmatched');
    expect(routeLabel({ path: '/dashboard/anything' })).toBe('app');
    expect(routeLabel({ path: '/assets/index-abc.js' })).toBe('app');
  });

  it('keeps methods to a bounded set', () => {
    expect(methodLabel('get')).toBe('GET');
    expect(methodLabel('PROPFIND')).toBe('OTHER');
    expect(methodLabel(undefined)).toBe('OTHER');
  });
});
