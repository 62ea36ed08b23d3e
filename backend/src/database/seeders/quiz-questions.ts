/**
 * The sample question bank loaded into an empty database (first option = the correct answer). Consistent
 * with the documentation pages: activation codes, seats and domains, the plugin, the theme, AI per seat.
 */
export const SAMPLE_QUESTIONS: {
  category: string;
  question: string;
  options: string[];
  explanation: string;
}[] = [
  // 激活与授权
  {
    category: '激活与授权',
    question: '插件调用授权接口时，**激活码**应该放在哪里？',
    options: [
      '请求头 `Authorization: Bearer <激活码>`',
      'URL 的查询参数 `?key=`',
      'Cookie 中',
      '请求体的 `password` 字段',
    ],
    explanation:
      '插件以 Bearer 令牌的方式发送激活码：`Authorization: Bearer <激活码>`，不要把它放进 URL。',
  },
  {
    category: '激活与授权',
    question: '在哪里可以找到自己的激活码？',
    options: [
      '控制台（/dashboard）的激活码区域',
      '注册邮件中',
      '插件的 readme 文件里',
      '主题的 style.css 中',
    ],
    explanation: '登录后进入控制台，激活码区域可以显示、复制或重新生成激活码。',
  },
  {
    category: '激活与授权',
    question: '激活码由多少个十六进制字符组成？',
    options: ['64 个', '32 个', '16 个', '128 个'],
    explanation: '激活码是 32 个随机字节的十六进制表示，共 64 个字符。',
  },
  {
    category: '激活与授权',
    question: '重新生成激活码后，旧的激活码会怎样？',
    options: ['立即失效', '继续有效 30 天', '继续有效直到插件更新', '与新激活码同时永久有效'],
    explanation: '重新生成会替换激活码，旧激活码立刻无法通过验证，需要在插件中粘贴新的激活码。',
  },
  {
    category: '激活与授权',
    question: '为防止误操作，控制台中的“重新生成”按钮需要怎样确认？',
    options: ['在 3 秒内再点击一次', '输入登录密码', '等待邮件确认链接', '无需确认'],
    explanation: '第一次点击会提示再次点击确认，3 秒内第二次点击才会真正重新生成。',
  },
  {
    category: '激活与授权',
    question: '插件检查授权时，哪类站点**不占用**授权座位？',
    options: [
      'localhost、127.0.0.1 以及 *.local / *.test / *.localhost 等开发域名',
      '所有 https 站点',
      '首次安装插件的站点',
      '访问量较小的站点',
    ],
    explanation: '开发与预发布环境的域名始终视为有效，不占用座位，方便本地调试。',
  },
  {
    category: '激活与授权',
    question: '授权检查返回 `DOMAIN_NOT_BOUND` 表示什么？',
    options: ['当前站点域名没有绑定到任何授权座位', '激活码已过期', '服务器维护中', '插件版本过旧'],
    explanation: '需要在控制台把该站点域名绑定到一个空闲座位后再试。',
  },
  // 座位与域名
  {
    category: '座位与域名',
    question: '每个授权座位默认有几次更换绑定域名的机会？',
    options: ['2 次', '1 次', '5 次', '不限次数'],
    explanation: '每个座位默认 2 次换绑机会；换绑到同一域名（忽略 www）不消耗次数。',
  },
  {
    category: '座位与域名',
    question:
      '把座位从 `https://www.example.com/blog` 改绑为 `http://example.com`，会消耗换绑次数吗？',
    options: ['不会，同一域名只会规范链接格式', '会消耗 1 次', '会消耗 2 次', '不允许这样修改'],
    explanation: '域名规范化后只保留协议、主机（去掉 www）和端口，同一域名换绑不计次数。',
  },
  {
    category: '座位与域名',
    question: '绑定域名时输入 `example.com`（没有协议）会怎样？',
    options: [
      '提示需要输入包含 http:// 或 https:// 的完整地址',
      '自动绑定为 https://example.com',
      '绑定失败且扣除一次换绑机会',
      '绑定为 ftp://example.com',
    ],
    explanation: '绑定需要完整的 URL，系统会把它规范化为“协议 + 主机 + 端口”，路径会被忽略。',
  },
  {
    category: '座位与域名',
    question: '同一个域名能否同时绑定到自己的两个座位？',
    options: [
      '不能，每个域名只能绑定一个座位',
      '可以，最多两个',
      '可以，不限数量',
      '只有 Max 套餐可以',
    ],
    explanation: '同一用户的一个域名只能绑定到一个座位，重复绑定会被拒绝。',
  },
  {
    category: '座位与域名',
    question: 'Max 套餐的座位是如何增加的？',
    options: [
      '空闲座位少于 2 个时，绑定前自动增加，最多 100 个',
      '需要每次单独购买',
      '管理员手动分配',
      '购买时一次性发放 100 个',
    ],
    explanation:
      'Max 套餐从 10 个座位开始，空闲座位不足 2 个时每次自动扩展最多 10 个，上限 100 个。',
  },
  // 编辑器插件
  {
    category: '编辑器插件',
    question: '可视化编辑器插件的核心编辑方式是什么？',
    options: [
      '纯 HTML 编辑并实时预览',
      '拖拽预制区块，无法编辑 HTML',
      '只能编辑 Markdown',
      '通过 FTP 修改模板文件',
    ],
    explanation: '插件直接编辑 HTML，并在右侧实时预览效果。',
  },
  {
    category: '编辑器插件',
    question: '编辑器插件对 CSS 框架的依赖情况是？',
    options: ['不依赖任何 CSS 框架', '必须使用 Bootstrap', '必须使用 Bulma', '必须加载 jQuery UI'],
    explanation: '插件不绑定 CSS 框架，生成的页面可以配合任意主题样式。',
  },
  {
    category: '编辑器插件',
    question: '动态模板系统的作用是什么？',
    options: [
      '复用带变量的页面片段，批量生成一致的内容',
      '自动翻译页面',
      '压缩图片体积',
      '备份数据库',
    ],
    explanation: '动态模板把常用结构保存为可复用的模板，填入变量即可生成内容。',
  },
  {
    category: '编辑器插件',
    question: '在编辑器中替换一张图片，最快的方式是？',
    options: [
      '使用快速换图功能，直接点选图片替换',
      '修改数据库中的附件表',
      '重新上传整个页面',
      '清空缓存后刷新',
    ],
    explanation: '快速换图允许在预览中点选图片并直接替换。',
  },
  // AI 助手
  {
    category: 'AI 助手',
    question: 'AI 编辑助手的服务商配置是按什么粒度保存的？',
    options: ['按授权座位分别配置', '整个账号只能配置一个', '按浏览器保存', '按插件版本保存'],
    explanation: '控制台中每个座位都可以单独设置 API URL、API Key 和可选的模型 ID。',
  },
  {
    category: 'AI 助手',
    question: '保存 AI 配置时点击“测试并保存”会发生什么？',
    options: [
      '服务器先用该配置调用服务商验证连接，成功后才保存',
      '直接保存不做任何检查',
      '只检查 API Key 的长度',
      '把配置发送给其他用户',
    ],
    explanation:
      '保存前会实际调用兼容 OpenAI 的接口进行验证；找不到可用模型时会给出已尝试的模型和推荐模型。',
  },
  {
    category: 'AI 助手',
    question: 'AI 服务的 API Key 在服务器上如何保存？',
    options: [
      '加密存储，界面只显示掩码',
      '明文存储在数据库中',
      '写在浏览器 Cookie 中',
      '保存在插件的配置文件里',
    ],
    explanation: 'API Key 使用 AES-GCM 加密保存，界面只显示前 4 位和后 4 位，需要时才可临时查看。',
  },
  // 主题
  {
    category: '极简主题',
    question: '极简主题基于哪个样式工具构建？',
    options: ['Tailwind CSS v4', 'Bootstrap 3', 'Foundation', '纯内联样式'],
    explanation: '主题使用 Tailwind CSS v4，保持样式精简。',
  },
  {
    category: '极简主题',
    question: '极简主题在 Lighthouse 中的三项目标分数是？',
    options: [
      '性能、无障碍、最佳实践均为 100',
      '只有性能 90 以上',
      'SEO 100，其余不限',
      '没有性能目标',
    ],
    explanation: '主题以性能、无障碍和最佳实践三项 100 分为目标。',
  },
  {
    category: '极简主题',
    question: '主题和插件如何获得更新？',
    options: [
      '通过 WordPress 的自动更新，下载链接经过签名且短期有效',
      '必须手动到控制台下载覆盖',
      '通过邮件附件发送',
      '主题不会更新',
    ],
    explanation: '持有授权的站点可通过更新检查获得新版本，下载地址是短期有效的签名链接。',
  },
];
