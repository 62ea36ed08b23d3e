/** The home page's copy (docs/product.md#screens /home): Chinese marketing text, kept apart from the layout. */
import type { IconName } from './components/FeatureIcon';

export interface Feature {
  icon: IconName;
  title: string;
  description: string;
}

export const HERO = {
  eyebrow: '可视化编辑器插件 · 极简主题 · 终身授权',
  title: '为内容管理系统打造的极简工具链',
  lead: '一款可视化编辑器插件与一套极简主题，专为 WordPress 等内容管理系统设计：直接编辑纯 HTML、实时预览、AI 辅助改写，让建站回到简单与快速。',
  primary: '开始使用',
  secondary: '查看文档',
};

export const EDITOR_TITLE = {
  title: '编辑器插件核心功能',
  lead: '在熟悉的后台里，用最直接的方式编辑页面。',
};

export const EDITOR_FEATURES: Feature[] = [
  {
    icon: 'code',
    title: '纯 HTML 编辑，实时预览',
    description:
      '在编辑器中直接修改页面的 HTML，右侧预览即时刷新。所见即所得，又不丢失对每一行代码的控制。',
  },
  {
    icon: 'layers',
    title: '不依赖任何 CSS 框架',
    description:
      '生成的页面只包含你写下的结构与样式，不捆绑 Bootstrap 之类的框架，页面更轻，维护更省心。',
  },
  {
    icon: 'template',
    title: '动态模板系统',
    description:
      '把页头、价格表、联系表单等常用区块保存为模板，用变量填充内容，一处修改，所有引用页面同步更新。',
  },
  {
    icon: 'sparkles',
    title: 'AI 编辑助手',
    description:
      '用一句话描述想要的效果，AI 为你生成或改写 HTML 片段。每个授权站点都可以配置自己的 AI 服务与模型。',
  },
  {
    icon: 'image',
    title: '快速替换图片',
    description:
      '点击页面上的任意图片即可上传新图或从媒体库选择，尺寸与替代文本自动保留，换图不再需要翻代码。',
  },
];

export const THEME_TITLE = {
  title: '极简主题特性',
  lead: '为速度与可读性而生的主题，与编辑器插件配合得天衣无缝。',
};

export const THEME_FEATURES: Feature[] = [
  {
    icon: 'minimal',
    title: '极简设计',
    description: '去掉一切多余的装饰，内容优先，留白充足，排版清晰易读。',
  },
  {
    icon: 'wind',
    title: 'Tailwind CSS v4',
    description: '基于最新的 Tailwind CSS v4 构建，只生成页面真正用到的样式，样式表小巧。',
  },
  {
    icon: 'devices',
    title: '响应式布局',
    description: '从 360 像素宽的手机到宽屏显示器，每一种屏幕都有合适的版式。',
  },
  {
    icon: 'refresh',
    title: '自动更新',
    description: '填入激活码后，插件与主题的新版本可在后台一键更新，安全修复及时送达。',
  },
  {
    icon: 'bolt',
    title: '极致性能',
    description: '没有冗余脚本，不加载外部字体，首屏渲染快，核心网页指标表现出色。',
  },
];

export const SCORES = [
  { label: '性能', english: 'Performance' },
  { label: '无障碍', english: 'Accessibility' },
  { label: '最佳实践', english: 'Best Practices' },
] as const;

export const PERFORMANCE = {
  title: '性能满分',
  lead: '使用极简主题搭建的站点，在 Google Lighthouse 测试中的性能、无障碍与最佳实践三项均可达到 100 分。',
};

export const STEPS_TITLE = {
  title: '四步开始使用',
  lead: '从注册到发布第一个页面，只需几分钟。',
};

export const STEPS = [
  {
    title: '注册免费账号',
    description: '使用社交账号一键登录，无需填写繁琐的表单。',
  },
  {
    title: '在控制台生成激活码',
    description: '进入控制台，激活码会自动生成，可随时查看、复制或重新生成。',
  },
  {
    title: '下载并安装插件与主题',
    description: '在控制台的下载区获取插件与主题安装包，在网站后台上传并启用。',
  },
  {
    title: '配置激活码',
    description: '把激活码粘贴到插件的设置页面并保存，绑定站点后即可开始编辑。',
  },
];

export const CLOSING = {
  title: '准备好让建站变得更简单了吗？',
  lead: '免费注册即可体验全部编辑功能，购买一次，终身使用。',
  action: '进入控制台',
};
