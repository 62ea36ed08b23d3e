/** The CryptoService purposes of an endpoint's sealed fields (keys derived apart from the AI keys'). */
export const SECRET_PURPOSE = 'webhook-secret';
export const URL_PURPOSE = 'webhook-url';
