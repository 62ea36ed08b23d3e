// The website URL rules live in libs/domain (website-url.ts); this re-export remains until every caller
// imports them from @seatkeeper/domain itself.
export {
  bindingCandidates,
  hostOf,
  isDevelopmentHost,
  isDnsHost,
  normalizeWebsiteUrl,
  parseHost,
} from '@seatkeeper/domain';
