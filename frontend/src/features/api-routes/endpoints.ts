/**
 * The public endpoints listed on /routes (docs/product.md#calls: health, latest posts, create post; docs at
 * /api/docs). Shapes follow the server's OpenAPI document.
 */
export type HttpMethod = 'GET' | 'POST';

export interface EndpointParam {
  name: string;
  where: 'query' | 'body' | 'header';
  description: string;
}

export interface Endpoint {
  id: string;
  method: HttpMethod;
  path: string;
  title: string;
  description: string;
  /** How to authenticate, when the endpoint is not public. */
  auth?: string;
  params: EndpointParam[];
  example: { status: string; body: unknown };
  errors?: string[];
}

export const API_DOCS_URL = '/api/docs';

export const ENDPOINTS: Endpoint[] = [
  {
    id: 'health',
    method: 'GET',
    path: '/api/health',
    title: 'Health check',
    description:
      'Tells whether the server and its database answer. Meant for load balancers and uptime monitors; no authentication.',
    params: [],
    example: { status: '200 OK', body: { status: 'ok' } },
    errors: ['503 Service Unavailable: "Database unavailable"'],
  },
  {
    id: 'latest-posts',
    method: 'GET',
    path: '/api/posts/latest',
    title: 'Latest posts',
    description:
      'The most recently published posts, newest first, one page at a time. Public; the body is Markdown.',
    params: [
      { name: 'page', where: 'query', description: 'Page number, an integer from 1 (default 1).' },
      {
        name: 'pageSize',
        where: 'query',
        description: 'Posts per page, an integer from 1 to 50 (default 10).',
      },
    ],
    example: {
      status: '200 OK',
      body: {
        items: [
          {
            id: '6f1c2a9e-4b7d-4e55-9a3f-2d8b1c0e7a41',
            title: 'Release notes 2.4',
            slug: 'release-notes-2-4',
            body: '## What is new\n\n- Faster preview',
            author: { id: '0b9e3f2c-1d4a-4c6e-8f57-3a2b1c9d8e70', name: 'Ada Admin' },
            publishedAt: '2026-11-20T08:30:00.000Z',
          },
        ],
        pagination: { page: 1, pageSize: 10, total: 1 },
      },
    },
    errors: ['400 Bad Request: "pageSize must be between 1 and 50"'],
  },
  {
    id: 'create-post',
    method: 'POST',
    path: '/api/posts',
    title: 'Create post',
    description: 'Publishes a post by the signed-in administrator.',
    auth: "An administrator's session cookie, or an administrator's activation code as `Authorization: Bearer <activation code>`.",
    params: [
      { name: 'title', where: 'body', description: 'Required, 1 to 200 characters.' },
      { name: 'body', where: 'body', description: 'Required, Markdown.' },
    ],
    example: {
      status: '201 Created',
      body: {
        id: '6f1c2a9e-4b7d-4e55-9a3f-2d8b1c0e7a41',
        title: 'Release notes 2.4',
        slug: 'release-notes-2-4',
        body: '## What is new\n\n- Faster preview',
        author: { id: '0b9e3f2c-1d4a-4c6e-8f57-3a2b1c9d8e70', name: 'Ada Admin' },
        publishedAt: '2026-11-20T08:30:00.000Z',
      },
    },
    errors: [
      '400 Bad Request: "Title must be 1 to 200 characters" or "Body is required"',
      '401 Unauthorized: "User not authenticated"',
      '403 Forbidden: "Admin access required"',
    ],
  },
];
