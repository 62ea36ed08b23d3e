/** docs/product.md#errors: admin calls show the server's text, else '请求失败' (describeError's fallback). */
export const ADMIN_REQUEST_FAILED = '请求失败';
