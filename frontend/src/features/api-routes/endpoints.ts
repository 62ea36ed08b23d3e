/**
 * The public endpoints listed on /routes (docs/product.md#calls: health, latest posts, create post; docs at
 * /api/docs). Shapes follow the server's OpenAPI document. The words are in the `routes` catalogue
 * (routes:endpoints.<id>.title, .description, .auth, .params.<name>); what the server sends (status lines,
 * its error messages, the example bodies) stays as the server sends it.
 */
export type HttpMethod = 'GET' | 'POST';

export interface EndpointParam {
  name: string;
  where: 'query' | 'body' | 'header';
}

export interface EndpointError {
  status: string;
  /** The server's message, verbatim (the API keeps its messages). */
  message: string;
}

export interface Endpoint {
  id: 'health' | 'latestPosts' | 'createPost';
  method: HttpMethod;
  path: string;
  /** Not public: routes:endpoints.<id>.auth says how to authenticate. */
  auth?: boolean;
  params: EndpointParam[];
  example: { status: string; body: unknown };
  errors?: EndpointError[];
}

export const API_DOCS_URL = '/api/docs';

const POST_EXAMPLE = {
  id: '6f1c2a9e-4b7d-4e55-9a3f-2d8b1c0e7a41',
  title: 'Release notes 2.4',
  slug: 'release-notes-2-4',
  body: '## What is new\n\n- Faster preview',
  author: { id: '0b9e3f2c-1d4a-4c6e-8f57-3a2b1c9d8e70', name: 'Ada Admin' },
  publishedAt: '2026-11-20T08:30:00.000Z',
};

export const ENDPOINTS: Endpoint[] = [
  {
    id: 'health',
    method: 'GET',
    path: '/api/health',
    params: [],
    example: { status: '200 OK', body: { status: 'ok' } },
    errors: [{ status: '503 Service Unavailable', message: 'Database unavailable' }],
  },
  {
    id: 'latestPosts',
    method: 'GET',
    path: '/api/posts/latest',
    params: [
      { name: 'page', where: 'query' },
      { name: 'pageSize', where: 'query' },
    ],
    example: {
      status: '200 OK',
      body: { items: [POST_EXAMPLE], pagination: { page: 1, pageSize: 10, total: 1 } },
    },
    errors: [{ status: '400 Bad Request', message: 'pageSize must be between 1 and 50' }],
  },
  {
    id: 'createPost',
    method: 'POST',
    path: '/api/posts',
    auth: true,
    params: [
      { name: 'title', where: 'body' },
      { name: 'body', where: 'body' },
    ],
    example: { status: '201 Created', body: POST_EXAMPLE },
    errors: [
      { status: '400 Bad Request', message: 'Title must be 1 to 200 characters' },
      { status: '400 Bad Request', message: 'Body is required' },
      { status: '401 Unauthorized', message: 'User not authenticated' },
      { status: '403 Forbidden', message: 'Admin access required' },
    ],
  },
];
