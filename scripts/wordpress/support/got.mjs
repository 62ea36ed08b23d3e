/**
 * An assertion's message with what the suite read (cut to 1,500 characters), for the answers of WordPress
 * and the store that an equality would not show whole.
 * @param {string} message @param {unknown} detail
 */
export const got = (message, detail) =>
  detail === undefined
    ? message
    : `${message}\n      got: ${JSON.stringify(detail).slice(0, 1500)}`;
