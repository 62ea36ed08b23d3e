import type { components } from './schema';

/**
 * The API's types, generated from api/openapi.json (`npm run api:generate` writes schema.d.ts): one
 * name per schema the app uses. Never declare an answer's shape by hand: add an alias here.
 */
type Schemas = components['schemas'];

// Session and account
export type Session = Schemas['SessionResponseDto'];
export type SessionUser = Schemas['SessionUserDto'];
export type Roles = Schemas['RolesDto'];

// Licenses, activation code, plugin calls
export type License = Schemas['LicenseDto'];
export type LicenseList = Schemas['LicenseListDto'];
export type SeatSummary = Schemas['SeatSummaryDto'];
export type AiConfigStatus = Schemas['AiConfigStatusDto'];
export type BindResult = Schemas['BindResultDto'];
export type SeatEvent = Schemas['SeatEventDto'];
export type SeatHistory = Schemas['SeatHistoryDto'];
export type TokenResponse = Schemas['TokenResponseDto'];
export type VerifyTokenResponse = Schemas['VerifyTokenResponseDto'];

// AI
export type AiConfig = Schemas['AiConfigDto'];
export type SaveAiConfigBody = Schemas['SaveAiConfigDto'];
export type SavedAiConfig = Schemas['SavedAiConfigDto'];
export type StartGenerationBody = Schemas['GenerateDto'];
export type GenerationStatusAnswer = Schemas['GenerationStatusDto'];
export type GenerationStatus = GenerationStatusAnswer['status'];

// Plans, payments, orders
export type Plan = Schemas['PlanDto'];
export type PlanList = Schemas['PlanListDto'];
export type CreatePaymentBody = Schemas['CreatePaymentDto'];
export type PaymentOrder = Schemas['PaymentOrderDto'];
export type UpgradePricing = Schemas['UpgradePricingDto'];
export type PaymentQuote = Schemas['PaymentQuoteDto'];
export type PaymentMethod = Schemas['PaymentMethodDto'];
export type PaymentMethodId = PaymentMethod['id'];
export type PaymentMethodList = Schemas['PaymentMethodsDto'];
export type LocalizedText = Schemas['LocalizedTextDto'];
export type Order = Schemas['OrderDto'];
export type OrderStatus = Order['status'];
export type Receipt = Schemas['ReceiptDto'];

// Admin
export type Discount = Schemas['DiscountDto'];
export type SaveDiscountBody = Schemas['SaveDiscountDto'];
export type AuditPage = Schemas['AuditPageDto'];
export type AuditListEntry = Schemas['AuditListEntryDto'];
export type AdminPlan = Schemas['AdminPlanDto'];
export type AdminPlanList = Schemas['AdminPlanListDto'];
export type UpdatePlanBody = Schemas['UpdatePlanDto'];
export type SubscriptionUser = Schemas['SubscriptionUserDto'];
export type SubscriptionUserPage = Schemas['SubscriptionUserPageDto'];
export type OverviewLicense = Schemas['OverviewLicenseDto'];
export type VipEmail = Schemas['VipEmailDto'];
export type AdminOrder = Schemas['AdminOrderItemDto'];
export type AdminOrderPage = Schemas['AdminOrderPageDto'];
export type AdminOrderDetail = Schemas['AdminOrderDetailDto'];
export type AdminOrderDetailAnswer = Schemas['AdminOrderDetailAnswerDto'];
export type RefundChain = Schemas['RefundChainDto'];
export type RefundChainOrder = Schemas['RefundChainOrderDto'];
export type RefundChainResult = Schemas['RefundChainResultDto'];
export type Dashboard = Schemas['DashboardDto'];
export type DashboardPeriod = Schemas['DashboardPeriodDto'];
export type DashboardFigures = Schemas['DashboardFiguresDto'];
export type DashboardSlice = Schemas['DashboardSliceDto'];
export type CustomerDetail = Schemas['CustomerDetailDto'];
export type CustomerSeat = Schemas['CustomerSeatDto'];
export type GrantPlanResult = Schemas['GrantPlanResultDto'];
export type SeatActionResult = Schemas['SeatActionResultDto'];
export type SignOutResult = Schemas['SignOutResultDto'];
export type VipEmailPageAnswer = Schemas['VipEmailPageDto'];
export type VipBatchResult = Schemas['VipBatchResultDto'];

// Quiz
export type QuizQuestion = Schemas['QuizQuestionDto'];
export type AdminQuizQuestion = Schemas['AdminQuizQuestionDto'];
export type QuizCategory = Schemas['QuizCategoryDto'];
export type SaveQuestionBody = Schemas['SaveQuestionDto'];

// Releases (admin)
export type Release = Schemas['ReleaseDto'];
export type ReleaseProduct = Schemas['ReleaseProductDto'];
export type ReleaseList = Schemas['ReleaseListDto'];

// Install insights (docs/insights.md)
export type InstallsDashboard = Schemas['InstallsDashboardDto'];
export type ProductInstalls = Schemas['ProductInstallsDto'];
export type InstallCount = Schemas['InstallCountDto'];
export type InstallSite = Schemas['InstallSiteDto'];
export type InstallSites = Schemas['InstallSitesDto'];
