import type { Server } from 'node:http';
import express from 'express';
import { fakeOpenAiRouter } from './fake-openai';

// The development provider (/dev-ai/v1) answers parameters of the wrong type as OpenAI does: 400
// invalid_request_error naming the parameter, never a 500 or an HTML error page.
describe('the development OpenAI-compatible provider', () => {
  let server: Server;
  let url: string;
  beforeAll(async () => {
    const app = express();
    app.use('/v1', fakeOpenAiRouter({ slowMs: 10 }));
    server = await new Promise<Server>((resolve) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s));
    });
    url = `http://127.0.0.1:${(server.address() as { port: number }).port}/v1`;
  });
  afterAll(() => new Promise((r) => server.close(r)));

  const chat = async (body: string) => {
    const res = await fetch(`${url}/chat/completions`, {
      method: 'POST',
      headers: { authorization: 'Bearer sk-test', 'content-type': 'application/json' },
      body,
    });
    return {
      status: res.status,
      type: res.headers.get('content-type') ?? '',
      text: await res.text(),
    };
  };

  it.each([
    [
      '{"model":["dev-chat"],"messages":[]}',
      'model',
      "Invalid type for 'model': expected a string, but got an array instead.",
    ],
    [
      '{"model":{"toString":1},"messages":[]}',
      'model',
      "Invalid type for 'model': expected a string, but got an object instead.",
    ],
    [
      '{"model":[{"toString":1}],"messages":[]}',
      'model',
      "Invalid type for 'model': expected a string, but got an array instead.",
    ],
    ['{"messages":[]}', 'model', "Missing required parameter: 'model'."],
    ['{"model":"dev-chat"}', 'messages', "Missing required parameter: 'messages'."],
    [
      '{"model":"dev-chat","messages":{"at":1}}',
      'messages',
      "Invalid type for 'messages': expected an array, but got an object instead.",
    ],
    [
      '{"model":"dev-chat","messages":[null]}',
      'messages[0]',
      "Invalid type for 'messages[0]': expected an object, but got null instead.",
    ],
    [
      '{"model":"dev-chat","messages":[[{"content":"x"}]]}',
      'messages[0]',
      "Invalid type for 'messages[0]': expected an object, but got an array instead.",
    ],
    [
      '{"model":"dev-chat","messages":[{"content":{"toString":1}}]}',
      'messages[0].content',
      "Invalid type for 'messages[0].content': expected a string or an array of text parts, but got an object instead.",
    ],
    [
      '{"model":"dev-chat","messages":[{"content":[1,2]}]}',
      'messages[0].content',
      "Invalid type for 'messages[0].content': expected a string or an array of text parts, but got an array instead.",
    ],
    [
      '{"model":"dev-chat","messages":[],"stream":["a"]}',
      'stream',
      "Invalid type for 'stream': expected a boolean, but got an array instead.",
    ],
  ])('answers %s with 400 naming %s', async (body, param, message) => {
    const res = await chat(body);
    expect(res.status).toBe(400);
    expect(JSON.parse(res.text)).toEqual({
      error: {
        message,
        type: 'invalid_request_error',
        param,
        code: message.startsWith('Missing') ? 'missing_required_parameter' : 'invalid_type',
      },
    });
  });

  it('answers a body that is not an object, or not JSON, with 400 in the same shape', async () => {
    for (const body of ['[1,2]', '{"model":', '"text"']) {
      const res = await chat(body);
      expect([body, res.status, res.type]).toEqual([
        body,
        400,
        expect.stringContaining('application/json'),
      ]);
      expect(JSON.parse(res.text).error).toMatchObject({
        type: 'invalid_request_error',
        param: null,
      });
    }
  });

  it('still answers text given as content parts, and plain strings', async () => {
    const parts = await chat(
      '{"model":"dev-chat","messages":[{"role":"user","content":[{"type":"text","text":"from parts"}]}]}',
    );
    expect(parts.status).toBe(200);
    expect(JSON.parse(parts.text).choices[0].message.content).toContain('from parts');
    const plain = await chat(
      '{"model":"dev-chat","messages":[{"role":"user","content":"plain"}],"stream":false}',
    );
    expect(JSON.parse(plain.text).choices[0].message.content).toContain('plain');
  });
});
