import request from 'supertest';
import { signIn } from './app';

let counter = 0;

/** A freshly signed-in customer: agent with the session, user id, and an Origin-carrying POST. */
export async function customer(
  base: string,
  email = `customer${++counter}-${Date.now()}@example.com`,
) {
  const { agent } = await signIn(base, email);
  const userId = (await agent.get('/api/auth/get-session')).body.user.id as string;
  const post = (path: string) => agent.post(path).set('Origin', base);
  return { agent, userId, post, email };
}

/** The error shape with its code (any code unless the case names it). */
export const errorOf = (text: string, statusCode = 400, code: unknown = expect.any(String)) => ({
  statusCode,
  error: text,
  message: text,
  code,
});

/** The plugin's licence check for a domain with an activation code, as the plugin sends it. */
export const licenceCheck = (base: string, token: string, domain: string) =>
  request(base)
    .post('/api/licenses/check')
    .set('Authorization', `Bearer ${token}`)
    .send({ domain });
