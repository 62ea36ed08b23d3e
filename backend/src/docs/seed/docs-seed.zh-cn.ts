/**
 * The docs sections' Markdown in zh-CN as first seeded into `docs_sections` (Migration20261130100000).
 * Frozen: after the migration the text lives in the database and admins edit it at /admin/docs.
 * Sections missing here are seeded empty (the page shows the placeholder).
 */
export const DOCS_SEED_ZH_CN: Record<string, string> = {
  introduction: `欢迎使用 seatkeeper。我们为 WordPress 等内容管理系统提供两件工具：一款**可视化编辑器插件**，以及一套**极简主题**。两者可以单独使用，搭配起来效果最好。

## 它们能做什么

- **编辑器插件**：在后台直接编辑页面的纯 HTML，并实时预览效果；不依赖任何 CSS 框架；支持动态模板，把常用区块保存起来反复使用；内置 AI 编辑助手，用一句话描述需求即可生成或改写 HTML；点击图片即可快速替换。
- **极简主题**：基于 Tailwind CSS v4 构建，设计克制、响应式布局，支持在后台自动更新，并以性能为第一目标——在 Lighthouse 测试中可以拿到性能、无障碍、最佳实践三项满分。

## 几个基本概念

- **账号**：使用社交账号登录后即拥有一个免费账号，可以进入控制台。
- **激活码**：每个账号有一个激活码（也就是 API 令牌）。插件用它向服务器证明自己的身份，请妥善保管，不要公开。
- **授权席位**：购买的套餐包含若干个席位，每个席位绑定一个网站域名。插件只在已绑定的域名上启用完整功能。
- **AI 配置**：每个席位都可以单独配置自己的 AI 服务（接口地址、密钥和模型），不同的网站可以使用不同的服务商。

> 在本地开发或测试环境（例如 \`localhost\`、\`127.0.0.1\`，以及以 \`.local\`、\`.test\`、\`.localhost\` 结尾的域名）中使用插件时，不会占用任何席位。

## 接下来

1. 阅读「安装」，下载并安装插件与主题。
2. 阅读「配置」，把激活码填入插件，并在控制台绑定你的网站。
3. 如果想使用 AI 编辑助手，阅读「AI 辅助」完成 AI 服务的配置。
`,
  installation: `安装只需要几分钟：先从控制台下载安装包，再在网站后台上传并启用。下面以 WordPress 为例。

## 准备工作

- 一个可以登录管理后台、并且有权限安装插件和主题的网站账号。
- 一个 seatkeeper 账号：在本站点击「开始使用」，用社交账号登录即可自动注册。
- 建议在安装前备份网站的文件与数据库。

## 第一步：下载安装包

1. 登录后进入**控制台**。
2. 在页面底部的下载区，分别下载**插件**和**主题**的安装包（\`.zip\` 文件）。请不要解压。

## 第二步：安装编辑器插件

1. 打开 WordPress 后台，进入「插件 → 安装插件」。
2. 点击页面顶部的「上传插件」，选择刚才下载的插件安装包。
3. 点击「立即安装」，完成后点击「启用插件」。

启用后，后台菜单中会出现插件的设置页面，稍后需要在那里填写激活码。

## 第三步：安装极简主题

1. 进入「外观 → 主题」，点击「添加主题」，再点击「上传主题」。
2. 选择主题安装包，点击「立即安装」。
3. 安装完成后点击「启用」。

主题和插件可以分开使用：只想要编辑器，就只安装插件；只想要主题，也可以单独启用主题。

## 第四步：填写激活码

插件需要激活码才能启用完整功能和自动更新。请继续阅读「配置」，了解在哪里找到激活码、填写到哪里，以及如何绑定网站域名。

## 更新

填写激活码并绑定域名后，插件和主题的新版本会出现在 WordPress 后台的「更新」页面，可以像其他插件一样一键更新。

## 常见问题

- **上传时提示文件过大**：这是服务器的上传大小限制，请联系主机商调大限制，或通过 FTP 把解压后的文件夹上传到 \`wp-content/plugins\`（插件）或 \`wp-content/themes\`（主题）。
- **启用后提示未激活**：说明还没有填写激活码，或当前域名没有绑定席位，请按「配置」中的步骤完成设置。
`,
  configuration: `安装完成后，还需要做两件事：把**激活码**填入插件，并在控制台把网站**绑定**到一个授权席位。

## 找到激活码

1. 登录后进入**控制台**，第一个区块就是**激活码**（activation code）。
2. 激活码默认只显示前 4 位和后 4 位，点击「显示」可以查看完整内容，点击「复制」复制到剪贴板。
3. 如果激活码可能已经泄露，可以点击「重新生成」。为防止误操作，需要在 3 秒内再点击一次确认。重新生成后，旧的激活码立即失效，所有使用旧激活码的网站都需要换成新的。

控制台还会显示激活码最近一次被使用的时间，可以据此确认插件是否已经连上服务器。

## 在插件中填写激活码

1. 打开 WordPress 后台，进入编辑器插件的**设置页面**。
2. 把复制的激活码粘贴到「激活码」输入框中。
3. 点击「保存」。插件会立即向服务器验证激活码，并检查当前域名的授权状态。

## 绑定网站域名

每个授权席位对应一个网站。在控制台的**授权席位**表格中：

1. 点击某个席位的「域名」单元格。
2. 输入网站的完整地址，必须以 \`http://\` 或 \`https://\` 开头，例如 \`https://example.com\`。
3. 按回车或点击「保存」完成绑定；按 Esc 可以取消。

保存时地址会被规范为「协议 + 主机名（去掉 \`www.\`）+ 端口」，路径部分会被忽略。每个席位有 2 次更换绑定域名的机会；重新填写同一个域名不消耗次数。

## 插件如何验证激活码

插件与服务器之间使用 Bearer 令牌认证：每个请求都在请求头中带上激活码。

\`\`\`http
Authorization: Bearer <激活码>
\`\`\`

插件会调用以下两个接口。你也可以用它们排查问题。

### 验证激活码

\`\`\`http
POST /api/verify-token
Authorization: Bearer <激活码>
\`\`\`

返回示例：

\`\`\`json
{
  "valid": true,
  "userId": "…",
  "tokenId": "…",
  "message": "Token is valid"
}
\`\`\`

### 检查域名授权

\`\`\`http
POST /api/licenses/check
Authorization: Bearer <激活码>
Content-Type: application/json

{ "domain": "https://example.com" }
\`\`\`

返回示例：

\`\`\`json
{
  "valid": true,
  "code": "VALID",
  "license": {
    "seatIndex": 1,
    "tier": "pro",
    "licenseType": "permanent",
    "expiresAt": null
  }
}
\`\`\`

\`code\` 的含义：

- \`VALID\`：激活码有效，且该域名已绑定到一个有效的席位。
- \`TOKEN_INVALID\`：激活码不存在、已被重新生成，或请求中没有带上激活码。
- \`DOMAIN_NOT_BOUND\`：激活码有效，但该域名还没有绑定任何席位，请到控制台绑定。
- \`LICENSE_EXPIRED\`：域名绑定的是年度授权，且已经过期。

## 开发与测试环境

在以下主机上使用插件时，只要激活码有效就会返回 \`valid: true\`，并且**不会占用席位**：

- \`localhost\` 和 \`127.0.0.1\`
- 以 \`.local\`、\`.test\` 或 \`.localhost\` 结尾的域名

因此可以放心地在本地搭建测试站点，正式上线时再绑定真实域名。

## 常见问题

- **提示 \`TOKEN_INVALID\`**：检查激活码是否完整粘贴、前后没有多余空格；如果在控制台重新生成过激活码，需要在插件中换成新的。
- **提示 \`DOMAIN_NOT_BOUND\`**：确认控制台中绑定的域名与网站实际访问的地址一致（\`www.\` 前缀会被忽略）。
- **请求过于频繁**：接口有访问频率限制，超出时返回 429，请稍后重试。
`,
  'ai-assist': `AI 编辑助手可以根据一句话的描述生成新的 HTML 区块，或者改写选中的内容。它使用你自己的 AI 服务：每个授权席位可以单独配置接口地址、密钥和模型。

## 使用方法

1. 在编辑器中选中要修改的区块，或把光标放在要插入内容的位置。
2. 打开 AI 助手，用自然语言描述需求，例如「把这段介绍改成三列的功能卡片」或「生成一个带价格的联系我们区块」。
3. 预览生成结果，满意后点击应用；不满意可以修改描述后重新生成。

生成的内容是普通的 HTML，你可以继续在编辑器中手动调整。

## 为席位配置 AI 服务

AI 服务按席位配置，所以不同的网站可以使用不同的服务商或模型。

1. 登录后进入**控制台**，找到**授权席位**表格。
2. 点击要配置的席位所在行的「设置」按钮，打开该席位的 AI 配置窗口。
3. 填写以下内容：
   - **API URL**：AI 服务的接口地址，需要兼容 OpenAI 的接口格式，例如 \`https://api.openai.com/v1\`。
   - **API Key**：服务商提供的密钥。输入时默认隐藏，可以点击显示按钮核对。
   - **测试模型 ID**（可选）：用于测试连接的模型，例如 \`gpt-4o-mini\`。不填写时由服务自动选择。
4. 点击「test and save」（测试并保存）。系统会**先用这些信息实际调用一次服务商**，测试通过后才会保存；测试失败时不会覆盖原来的配置。

在配置窗口中，按 \`Ctrl + Enter\`（macOS 上为 \`Cmd + Enter\`）可以直接测试并保存，按 \`Esc\` 关闭窗口。

## 查看当前配置

保存成功后，席位表格中会显示该席位的 API URL 和**已遮盖的密钥**（只显示前 4 位和后 4 位），配置窗口里还会显示最后更新时间。

密钥在服务器上加密保存，任何页面和接口都不会返回完整的密钥。如果需要更换密钥，重新填写并保存即可。

## 测试失败怎么办

- **地址错误**：确认 API URL 填写的是接口的根地址（通常以 \`/v1\` 结尾），而不是服务商的网页地址。
- **密钥无效**：确认密钥没有多余的空格，并且在服务商处仍然有效、有可用额度。
- **需要指定模型**：有些服务商要求必须指定模型。这时配置窗口会列出尝试过的模型和各自的错误信息，并给出推荐的模型，把其中一个填入「测试模型 ID」后再试一次。
`,
  'token-auth': `插件或主题对商店的每次调用都要带上客户的**激活码**（在控制台的「激活码」处查看）。以下示例中，\`https://store.example.com\` 代表商店地址，\`YOUR_ACTIVATION_CODE\` 代表激活码。

## 传递激活码

商店按以下顺序读取激活码：

1. 请求头 \`Authorization: Bearer YOUR_ACTIVATION_CODE\`（推荐）；
2. 请求体中的 \`license_key\` 字段（JSON 或表单编码均可）；
3. 查询参数 \`license_key\`（供无法设置请求头的更新检查器使用）。

激活码是机密信息：不要输出到访客能看到的页面，不要写入日志；优先使用请求头或请求体，而不是查询参数。

\`\`\`bash
curl -s -X POST https://store.example.com/api/verify-token \\
  -H "Authorization: Bearer YOUR_ACTIVATION_CODE"
\`\`\`

\`POST /api/verify-token\` 只检查激活码是否存在，不涉及任何站点：

\`\`\`json
{ "valid": true, "userId": "…", "tokenId": "…", "message": "Token is valid" }
\`\`\`

激活码不存在或已重新生成时，返回 \`200\`，其中 \`"valid": false\`、\`"message": "Token is invalid or expired"\`。客户在控制台重新生成激活码后，旧激活码立即失效：插件的设置页应提示填写新的激活码。

在 WordPress 中，\`wp_remote_post\` 传入数组作为请求体时会以表单编码发送，商店同样接受：

\`\`\`php
$response = wp_remote_post( 'https://store.example.com/api/licenses/check', array(
	'timeout' => 3,
	'body'    => array(
		'domain'      => home_url(),
		'license_key' => get_option( 'myplugin_activation_code' ),
	),
) );
\`\`\`

对应的 curl 命令：

\`\`\`bash
curl -s -X POST https://store.example.com/api/licenses/check \\
  --data-urlencode "domain=https://www.example.com" \\
  --data-urlencode "license_key=YOUR_ACTIVATION_CODE"
\`\`\`

## 频率限制

\`POST /api/verify-token\` 和 \`POST /api/licenses/check\` 按客户端 IP 限流：默认每分钟 300 次（由卖家通过 \`PLUGIN_RATE_LIMIT\` 设置；部署多个商店实例时各实例分别计数）。每个响应都带有以下响应头：

| 响应头 | 含义 |
| --- | --- |
| \`X-RateLimit-Limit\` | 当前一分钟窗口内允许的请求数 |
| \`X-RateLimit-Remaining\` | 窗口内剩余的请求数 |
| \`X-RateLimit-Reset\` | 距离窗口重置的秒数 |
| \`Retry-After\` | 仅在 \`429\` 时出现：需要等待多少秒再重试 |

使用 \`-i\` 查看响应头：

\`\`\`bash
curl -s -i -X POST https://store.example.com/api/verify-token \\
  -H "Authorization: Bearer YOUR_ACTIVATION_CODE"
\`\`\`

超出限制时，商店返回 \`429\`：\`{"statusCode":429,"error":"Too many requests, please retry later","message":"Too many requests, please retry later","code":"RATE_LIMITED"}\`。共享主机上的许多站点共用一个 IP：请缓存响应结果（见「错误处理」），不要在每次页面加载时调用商店。
`,
  'api-endpoints': `所有路径都位于商店地址之下（下文以 \`https://store.example.com\` 为例）。包含全部字段的完整参考见交互式 API 文档 \`/api/docs\`。

## 授权检查：\`POST /api/licenses/check\`

询问当前站点能否使用该产品。请求体：\`{"domain": "<站点首页 URL>"}\`（JSON）或 \`domain=…\`（表单编码）；激活码的传递方式见「令牌认证」。

\`\`\`bash
curl -s -X POST https://store.example.com/api/licenses/check \\
  -H "Authorization: Bearer YOUR_ACTIVATION_CODE" \\
  -H "Content-Type: application/json" \\
  -d '{"domain":"https://www.example.com"}'
\`\`\`

格式正确的请求总是返回 \`200\`：

\`\`\`json
{
  "valid": true,
  "code": "VALID",
  "license": { "seatIndex": 1, "tier": "pro", "licenseType": "permanent", "expiresAt": null },
  "domain": "example.com",
  "checkedAt": "2026-11-26T08:19:00.000Z"
}
\`\`\`

\`domain\` 是商店规范化后的站点（主机名加端口，去掉 \`www.\`）；\`checkedAt\` 是商店的时钟（UTC）。各 \`code\` 的含义及插件应做的处理：

| \`code\` | \`valid\` | 含义 | 插件的处理 |
| --- | --- | --- | --- |
| \`VALID\` | \`true\` | 站点已绑定到有效座位（或是开发环境主机）。 | 启用功能；缓存 12 小时。 |
| \`TOKEN_INVALID\` | \`false\` | 激活码不存在（输错了，或已在控制台重新生成）。 | 在设置页提示填写激活码。 |
| \`DOMAIN_NOT_BOUND\` | \`false\` | 激活码正确，但该域名未绑定到其任何座位。 | 提示站长在控制台将域名绑定到座位。 |
| \`LICENSE_EXPIRED\` | \`false\` | 该座位的年付版授权已到期（到期时间见 \`license.expiresAt\`）。 | 提示续费；站点照常运行，停止更新。 |
| \`LICENSE_REVOKED\` | \`false\` | 该座位已被撤销（订单已退款）。 | 停用付费功能；提示购买。 |

未绑定的域名：

\`\`\`bash
curl -s -X POST https://store.example.com/api/licenses/check \\
  -H "Authorization: Bearer YOUR_ACTIVATION_CODE" \\
  -H "Content-Type: application/json" \\
  -d '{"domain":"https://other-site.example"}'
\`\`\`

返回 \`{"valid": false, "code": "DOMAIN_NOT_BOUND", "license": null, …}\`。

### 开发环境主机

\`localhost\`、\`127.0.0.1\`、\`::1\` 以及任何 \`*.local\`、\`*.test\`、\`*.localhost\` 主机，只要激活码有效就返回 \`VALID\` 并带 \`"development": true\`，且不占用座位：

\`\`\`bash
curl -s -X POST https://store.example.com/api/licenses/check \\
  -H "Authorization: Bearer YOUR_ACTIVATION_CODE" \\
  -H "Content-Type: application/json" \\
  -d '{"domain":"http://mysite.local"}'
\`\`\`

PHP 示例：

\`\`\`php
$response = wp_remote_post( 'https://store.example.com/api/licenses/check', array(
	'timeout' => 3,
	'headers' => array(
		'Authorization' => 'Bearer ' . $code,
		'Content-Type'  => 'application/json',
	),
	'body'    => wp_json_encode( array( 'domain' => home_url() ) ),
) );
if ( is_wp_error( $response ) ) {
	return null; // 无法连接商店：见「错误处理」。
}
$status = wp_remote_retrieve_response_code( $response );
$body   = wp_remote_retrieve_body( $response );
$answer = json_decode( $body, true );
if ( 200 === $status && ! empty( $answer['valid'] ) ) {
	// 已授权。$answer['code'] 为 'VALID'。
}
\`\`\`

## 签名与公钥

授权检查和更新元数据的响应带有两个响应头：\`X-Seatkeeper-Signature\`（对响应体原始字节的 Ed25519 签名，base64 编码）和 \`X-Seatkeeper-Key-Id\`。商店的公钥：

\`\`\`bash
curl -s https://store.example.com/api/licenses/public-key
\`\`\`

\`\`\`json
{ "algorithm": "Ed25519", "keyId": "…", "publicKey": "…", "pem": "-----BEGIN PUBLIC KEY-----…" }
\`\`\`

把 \`publicKey\` 写进你发布的插件代码中（固定下来：不要在运行时获取，否则伪造的服务器可以提供它自己的公钥）。信任任何响应之前先验证签名：

\`\`\`php
$signature = base64_decode( wp_remote_retrieve_header( $response, 'x-seatkeeper-signature' ), true );
$trusted   = $signature && sodium_crypto_sign_verify_detached(
	$signature,
	wp_remote_retrieve_body( $response ), // 原始字节，在 json_decode 之前
	base64_decode( MYPLUGIN_STORE_PUBLIC_KEY )
);
\`\`\`

## 更新元数据：\`GET /api/wp-updates/{plugins|themes}/{slug}/info?site=<首页 URL>\`

plugin-update-checker 及 EDD 类客户端读取的字段：\`name\`、\`slug\`、\`version\`、\`requires\`、\`tested\`、\`requires_php\`、\`last_updated\`、\`homepage\`、\`sections\`（\`description\`、\`installation\`、\`changelog\`，HTML）、\`details_url\`、\`download_url\`、\`package\`、\`upgrade_notice\`、\`license.code\`。请求时带上激活码和站点首页 URL：

\`\`\`bash
curl -s "https://store.example.com/api/wp-updates/plugins/visual-editor/info?site=https://www.example.com" \\
  -H "Authorization: Bearer YOUR_ACTIVATION_CODE"
\`\`\`

已发布的版本总是返回 \`200\`（不存在的返回 \`404\`）。只有站点有权使用时才提供 \`package\` 和 \`download_url\`（同一个链接）；否则两者都是空字符串，\`license.code\` 说明原因（\`TOKEN_INVALID\`、\`DOMAIN_NOT_BOUND\`、\`LICENSE_EXPIRED\`、\`LICENSE_REVOKED\`，或开发环境主机的所有者没有有效座位时的 \`NO_ACTIVE_LICENSE\`），\`upgrade_notice\` 告诉站长该怎么做。此时 WordPress 会显示该更新并注明“自动更新不可用”。

\`details_url\`（\`GET /api/wp-updates/{kind}/{slug}/details\`）是包含该版本更新日志的纯 HTML 页面，wp-admin 可以在弹窗中显示它。

## 签名下载链接

\`package\` 的形式为 \`/api/wp-updates/{kind}/download/{slug}?link=…\`。\`link\` 参数由商店加密封装：它指明版本、座位和站点，其中内容既不可读也不可篡改。默认有效期 24 小时（由卖家的 \`DOWNLOAD_LINK_TTL_SECONDS\` 设置），下载时会再次检查座位：退款、到期或座位改绑到其他站点都会让链接立即失效。被拒绝的下载返回 \`403\`，响应体为一行文本：\`Licence not active for this site\`、\`Download link expired, check for updates again\` 或 \`Download link is invalid or expired\`。不要保存该链接：安装前重新获取元数据。
`,
  'error-handling': `## 错误响应

商店拒绝的请求返回 \`4xx\` 状态码，响应体格式统一：

\`\`\`json
{ "statusCode": 400, "error": "Domain is required", "message": "Domain is required", "code": "VALIDATION_FAILED" }
\`\`\`

请根据 \`code\`（稳定不变）而不是文本来判断。授权检查的拒绝结果（\`TOKEN_INVALID\`、\`DOMAIN_NOT_BOUND\`、\`LICENSE_EXPIRED\`、\`LICENSE_REVOKED\`）**不是**错误：它们是 \`200\` 响应，其中 \`"valid": false\`（见「API 接口」）。

| 状态码 | \`code\` | 何时出现 | 处理方式 |
| --- | --- | --- | --- |
| 400 | \`VALIDATION_FAILED\` | 字段缺失或格式错误（\`Domain is required\`）。 | 修正请求，不要重试。 |
| 400 | \`INVALID_URL\` | \`domain\` 不是站点地址（\`Must be a valid URL\`）。 | 传入 \`home_url()\`。 |
| 400 | \`TOKEN_REQUIRED\` | 调用 \`POST /api/verify-token\` 时没有激活码。 | 提示填写激活码。 |
| 400 | \`MALFORMED_JSON\`、\`INVALID_INPUT\` | 请求体不是 JSON，或包含商店拒收的文本。 | 修正请求。 |
| 413 | \`BODY_TOO_LARGE\` | 请求体超过 16 kB。 | 只发送文档列出的字段。 |
| 429 | \`RATE_LIMITED\` | 该 IP 调用过于频繁。 | 等待 \`Retry-After\` 秒。 |
| 5xx、超时 | — | 商店暂时不可用。 | 稍后按退避策略重试；继续使用缓存的结果。 |

缺少域名：

\`\`\`bash
curl -s -X POST https://store.example.com/api/licenses/check \\
  -H "Authorization: Bearer YOUR_ACTIVATION_CODE" \\
  -H "Content-Type: application/json" \\
  -d '{}'
\`\`\`

调用 \`verify-token\` 时缺少激活码：

\`\`\`bash
curl -s -X POST https://store.example.com/api/verify-token \\
  -H "Content-Type: application/json" \\
  -d '{}'
\`\`\`

## 退避重试

- 每次调用设置 3 秒超时，商店无法访问时也不会卡住 wp-admin。
- 不要重试 \`400\`：同样的请求只会得到同样的结果。
- 收到 \`429\` 后等待 \`Retry-After\` 秒；遇到 \`5xx\`、超时或网络错误时，每次重试前的等待时间加倍（例如 1 分钟、2 分钟、4 分钟……最长 1 小时），并加入少量随机量，避免大量站点同时重试。
- 不要在每次页面加载时调用商店：通过计划任务（WP-Cron）或在缓存过期时再检查。

## 缓存什么、缓存多久

商店的 WordPress SDK 的做法，也是我们的建议：

| 内容 | 时长 | 原因 |
| --- | --- | --- |
| 已验证签名的 \`VALID\` 响应 | 12 小时 | 页面加载不应等待商店。 |
| 其他任何响应或错误 | 1 小时 | 客户可能很快就会处理（绑定域名、续费）。 |
| 最近一次带签名的 \`VALID\` 响应（响应体与签名一起保存） | 7 天宽限期 | 商店无法访问时，用固定的公钥再次验证，在 \`checkedAt\`（商店时钟，位于已签名的响应体内）满 7 天之前保持功能可用。 |
| 更新元数据 | 与 WordPress 更新缓存（transient）一致 | |
| 下载链接 | 不缓存 | 链接会过期，座位变化时也会失效；安装前重新获取元数据。 |
| 公钥 | 固定写在插件代码中 | 运行时获取等于信任任何应答者。 |

\`\`\`php
function myplugin_licence() {
	$cached = get_transient( 'myplugin_licence' );
	if ( false !== $cached ) {
		return $cached;
	}
	$response = wp_remote_post( 'https://store.example.com/api/licenses/check', array(
		'timeout' => 3,
		'body'    => array(
			'domain'      => home_url(),
			'license_key' => get_option( 'myplugin_activation_code' ),
		),
	) );
	$body      = wp_remote_retrieve_body( $response );
	$signature = base64_decode( (string) wp_remote_retrieve_header( $response, 'x-seatkeeper-signature' ), true );
	$trusted   = ! is_wp_error( $response ) && 200 === wp_remote_retrieve_response_code( $response )
		&& $signature && sodium_crypto_sign_verify_detached( $signature, $body, base64_decode( MYPLUGIN_STORE_PUBLIC_KEY ) );
	$answer    = $trusted ? json_decode( $body, true ) : null;

	if ( $answer && 'VALID' === $answer['code'] ) {
		update_option( 'myplugin_last_valid', array( 'body' => $body, 'signature' => $signature ) );
		set_transient( 'myplugin_licence', $answer, 12 * HOUR_IN_SECONDS );
		return $answer;
	}
	if ( ! $answer ) {
		// 无法访问或签名无法验证：最近一次带签名的 VALID 响应在其 checkedAt 之后 7 天内有效。
		$last = get_option( 'myplugin_last_valid' );
		if ( $last && sodium_crypto_sign_verify_detached( $last['signature'], $last['body'], base64_decode( MYPLUGIN_STORE_PUBLIC_KEY ) ) ) {
			$previous = json_decode( $last['body'], true );
			if ( strtotime( $previous['checkedAt'] ) > time() - 7 * DAY_IN_SECONDS ) {
				$answer = $previous;
			}
		}
	}
	set_transient( 'myplugin_licence', $answer, HOUR_IN_SECONDS );
	return $answer;
}
\`\`\`
`,
};
