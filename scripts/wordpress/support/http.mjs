// HTTP helpers of the WordPress SDK suite: a customer signed in to the store, the store's JSON answers.

/**
 * Signs an e-mail in through the store's development identity provider; answers the session cookie.
 * @param {string} store @param {string} email
 */
export async function signIn(store, email) {
  let cookie = '';
  /** @param {Response} res */
  const keep = (res) => {
    for (const c of res.headers.getSetCookie?.() ?? [])
      if (c.startsWith('seatkeeper.sid=')) cookie = c.split(';')[0];
  };
  const begin = await getJson(`${store}/api/auth/sign-in/social`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: store },
    body: JSON.stringify({ provider: 'google', loginHint: email }),
  });
  let url = new URL(begin.url, store).toString();
  for (let i = 0; i < 4; i++) {
    const res = await fetch(url, { redirect: 'manual', headers: { cookie } });
    keep(res);
    const location = res.headers.get('location');
    if (!location || location.startsWith('/dashboard')) break;
    url = new URL(location, store).toString();
  }
  if (!cookie) throw new Error('the development sign-in gave no session');
  return cookie;
}

/**
 * A request's JSON answer (whatever its status, as the store's answers are read in the suite).
 * @param {string} url @param {RequestInit} [init] @returns {Promise<any>}
 */
export async function getJson(url, init) {
  return (await fetch(url, init)).json();
}
