import * as addresses from '../addresses.ts';
import * as admin from '../admin.ts';
import * as auth from '../auth.ts';
import * as catalogue from '../catalogue.ts';
import * as contact from '../contact.ts';
import * as fairPrice from '../fair-price.ts';
import * as fees from '../fees.ts';
import * as finance from '../finance.ts';
import * as listings from '../listings.ts';
import * as listingReview from '../listing-review.ts';
import * as orderMessages from '../order-messages.ts';
import * as orders from '../orders.ts';
import * as orderDetails from '../order-details.ts';
import * as orderProgress from '../order-progress.ts';
import * as orderShipping from '../order-shipping.ts';
import * as orderReturns from '../order-returns.ts';
import * as pagination from '../pagination.ts';
import * as payments from '../payments.ts';
import * as payouts from '../payouts.ts';
import * as photos from '../photos.ts';
import * as questions from '../questions.ts';
import * as ratings from '../ratings.ts';
import * as sellers from '../sellers.ts';
import * as shipBy from '../ship-by.ts';
import * as recovery from '../recovery.ts';
import * as notifications from '../notifications.ts';
import * as webVitals from '../web-vitals.ts';
import { accountEndpoints } from './account.ts';
import { addressEndpoints } from './addresses.ts';
import { adminEndpoints } from './admin.ts';
import { buyingEndpoints } from './buying.ts';
import { catalogueEndpoints } from './catalogue.ts';
import { contactEndpoints } from './contact.ts';
import { financeEndpoints } from './finance.ts';
import { listingEndpoints } from './listings.ts';
import { listingReviewEndpoints } from './listing-review.ts';
import { orderMessageEndpoints } from './order-messages.ts';
import { orderProgressEndpoints } from './order-progress.ts';
import { orderShippingEndpoints } from './order-shipping.ts';
import { orderReturnEndpoints } from './order-returns.ts';
import { paymentEndpoints } from './payments.ts';
import { payoutEndpoints } from './payouts.ts';
import { questionEndpoints } from './questions.ts';
import { ratingEndpoints, sellerEndpoints } from './sellers.ts';
import { recoveryEndpoints } from './recovery.ts';
import { notificationEndpoints } from './notifications.ts';
import { sessionEndpoints } from './session.ts';
import { vitalsEndpoints } from './vitals.ts';
import type { Endpoint, SchemasOf } from './endpoint.ts';

/** The endpoints of an area, each with the schema values its definition names as types. */
export type AreaWithSchemas<Area extends Record<string, Endpoint>> = {
  readonly [Name in keyof Area]: Area[Name] & SchemasOf<Area[Name]>;
};

/** Each endpoint of an area with the schema values its definition names as types (all required). */
const withSchemas = <Area extends Record<string, Endpoint>>(
  area: Area,
  schemas: { readonly [Name in keyof Area]: SchemasOf<Area[Name]> },
): AreaWithSchemas<Area> =>
  Object.fromEntries(
    Object.entries(area).map(([name, definition]) => [name, { ...definition, ...schemas[name] }]),
  ) as AreaWithSchemas<Area>;

/**
 * Every endpoint the web calls, by area, with its schemas: the API builds each route from its
 * endpoint here (apps/api's `endpointRoute`), and the web checks answers against them in
 * development and tests. Pages import the areas' definitions instead, which carry no zod.
 */
export const apiEndpoints = {
  account: withSchemas(accountEndpoints, {
    signup: { body: auth.SignupFieldsSchema, response: auth.AuthSessionSchema },
    login: { body: auth.LoginSchema, response: auth.AuthSessionSchema },
    providers: { response: auth.AuthProvidersSchema },
    me: { response: auth.MeSchema },
    updateMe: { body: auth.UpdateMeSchema, response: auth.MeSchema },
    uploadImage: { response: auth.UploadedImageSchema },
  }),
  addresses: withSchemas(addressEndpoints, {
    myAddresses: { response: addresses.AddressListSchema },
    addAddress: { body: addresses.AddressFormSchema, response: addresses.AddressSchema },
    changeAddress: { body: addresses.AddressFormSchema, response: addresses.AddressSchema },
    removeAddress: {},
    chooseShipFrom: { body: addresses.ShipFromAddressSchema, response: addresses.AddressListSchema },
  }),
  admin: withSchemas(adminEndpoints, {
    users: { query: admin.AdminUserQuerySchema, response: admin.AdminUserPageSchema },
    deleteUser: {},
    verifySeller: { response: admin.AdminUserSchema },
    reportedProducts: { query: pagination.PageQuerySchema, response: admin.ReportedProductPageSchema },
    deleteReportedProduct: {},
    dismissReports: {},
    blockImei: { body: admin.BlockImeiSchema },
    auditLog: { query: pagination.PageQuerySchema, response: admin.AuditPageSchema },
  }),
  buying: withSchemas(buyingEndpoints, {
    bookProduct: { body: orders.BookingSchema, response: orders.OrderSchema },
    myOrders: { query: pagination.PageQuerySchema, response: orders.OrderPageSchema },
    bookedProductIds: { response: orders.BookedProductIdsSchema },
    order: { response: orders.OrderSchema },
    orderDetails: { response: orderDetails.OrderDetailsSchema },
    deleteOrder: {},
    mySales: { query: pagination.PageQuerySchema, response: orders.SalePageSchema },
    myWishlist: { query: pagination.PageQuerySchema, response: orders.WishlistPageSchema },
    wishlistIds: { response: orders.WishlistIdsSchema },
    addToWishlist: {},
    removeFromWishlist: {},
    reportProduct: { body: orders.ReportFormSchema, response: orders.ReportCreatedSchema },
  }),
  catalogue: withSchemas(catalogueEndpoints, {
    categories: { response: catalogue.CategoryListSchema },
    advertised: { query: pagination.PageQuerySchema, response: catalogue.ProductPageSchema },
    categoryProducts: { query: listings.ProductQuerySchema, response: catalogue.ProductSearchPageSchema },
    searchProducts: { query: listings.ProductQuerySchema, response: catalogue.ProductSearchPageSchema },
    product: { response: photos.ProductWithPhotosSchema },
  }),
  contact: withSchemas(contactEndpoints, {
    send: { body: contact.ContactMessageFormSchema, response: contact.ContactMessageCreatedSchema },
    list: { query: contact.ContactMessageQuerySchema, response: contact.ContactMessagePageSchema },
    markRead: { response: contact.ContactMessageSchema },
    archive: { response: contact.ContactMessageSchema },
  }),
  finance: withSchemas(financeEndpoints, {
    finance: { response: finance.FinanceSchema },
    retryPayout: { response: finance.FinanceSchema },
  }),
  listings: withSchemas(listingEndpoints, {
    createProduct: { body: listings.CreateProductSchema, response: photos.ProductWithPhotosSchema },
    myProducts: { query: pagination.PageQuerySchema, response: listings.MyProductPageSchema },
    myProduct: { response: listings.MyProductDetailsSchema },
    sellerFee: { response: fees.SellingTermsSchema },
    updateProduct: { body: listings.UpdateProductSchema, response: photos.ProductWithPhotosSchema },
    replacePhotos: { body: photos.ProductPhotosSchema, response: photos.ProductWithPhotosSchema },
    advertiseProduct: { response: photos.ProductWithPhotosSchema },
    deleteProduct: {},
  }),
  listingReview: withSchemas(listingReviewEndpoints, {
    issueCode: { response: listingReview.ListingCodeSchema },
    uploadPhoto: {},
    photo: { response: listingReview.VerificationPhotoSchema },
    queue: { query: pagination.PageQuerySchema, response: listingReview.PendingListingPageSchema },
    approve: {},
    reject: { body: listingReview.RejectListingSchema },
  }),
  orderMessages: withSchemas(orderMessageEndpoints, {
    thread: { query: orderMessages.OrderThreadQuerySchema, response: orderMessages.OrderThreadSchema },
    send: { body: orderMessages.NewOrderMessageSchema, response: orderMessages.OrderMessageSchema },
    markRead: {},
    unread: { response: orderMessages.UnreadMessagesSchema },
  }),
  orderProgress: withSchemas(orderProgressEndpoints, {
    markHandedOver: { response: orders.SaleSchema },
    markShipped: { body: orderProgress.MarkShippedSchema, response: orders.SaleSchema },
    confirmReceipt: { response: orders.OrderSchema },
    reportProblem: { body: orderProgress.ReportOrderProblemSchema, response: orders.OrderSchema },
    openProblems: { query: pagination.PageQuerySchema, response: orderProgress.AdminOrderProblemPageSchema },
    refundProblem: { body: orderProgress.RefundProblemSchema, response: orderProgress.AdminOrderProblemSchema },
    closeProblem: { response: orderProgress.AdminOrderProblemSchema },
    missedDropOffs: { query: pagination.PageQuerySchema, response: shipBy.AdminMissedDropOffPageSchema },
  }),
  orderShipping: withSchemas(orderShippingEndpoints, {
    rates: { response: orderShipping.ShippingRatesSchema },
    buyLabel: { body: orderShipping.BuyLabelSchema, response: orders.SaleSchema },
    labelPdf: {},
  }),
  orderReturns: withSchemas(orderReturnEndpoints, {
    requestReturn: { body: orderReturns.RequestReturnSchema, response: orderReturns.OrderReturnSchema },
    acceptReturn: { response: orderReturns.OrderReturnSchema },
    declineReturn: { body: orderReturns.DeclineReturnSchema, response: orderReturns.OrderReturnSchema },
    returnLabelPdf: {},
    confirmReturnImei: { body: orderReturns.ConfirmReturnImeiSchema, response: orderReturns.OrderReturnSchema },
    relistReturned: { response: orderReturns.OrderReturnSchema },
    returnsToDecide: { query: pagination.PageQuerySchema, response: orderReturns.AdminReturnPageSchema },
    decideReturn: { body: orderReturns.DecideReturnSchema, response: orderReturns.AdminReturnSchema },
  }),
  payments: withSchemas(paymentEndpoints, {
    config: { response: payments.PaymentConfigSchema },
    createPaymentIntent: { response: payments.PaymentIntentSchema },
    payOrder: { body: payments.PayOrderSchema, response: payments.PaidOrderSchema },
    receipt: { response: payments.PaymentReceiptSchema },
    confirmTestPayment: { body: payments.TestCardSchema, response: payments.TestConfirmationSchema },
  }),
  payouts: withSchemas(payoutEndpoints, {
    myPayouts: { response: payouts.PayoutsSchema },
    startOnboarding: { response: payouts.PayoutOnboardingSchema },
    finishTestOnboarding: { body: payouts.TestOnboardingSchema, response: payouts.PayoutAccountSchema },
  }),
  sellers: withSchemas(sellerEndpoints, {
    seller: { response: sellers.SellerProfileSchema },
    sellerProducts: { query: pagination.PageQuerySchema, response: catalogue.ProductPageSchema },
    fairPrice: { query: fairPrice.FairPriceQuerySchema, response: fairPrice.FairPriceSchema },
  }),
  ratings: withSchemas(ratingEndpoints, {
    rateSeller: { body: ratings.RateSellerSchema, response: ratings.RatingSchema },
    replyToRating: { body: ratings.RatingReplySchema, response: ratings.RatingSchema },
    sellerRatings: { query: pagination.PageQuerySchema, response: ratings.RatingPageSchema },
    hideRatingComment: { response: ratings.RatingSchema },
    showRatingComment: { response: ratings.RatingSchema },
  }),
  questions: withSchemas(questionEndpoints, {
    productQuestions: { query: questions.ProductQuestionsQuerySchema, response: questions.ProductQuestionsSchema },
    ask: { body: questions.NewQuestionSchema, response: questions.QuestionSchema },
    answer: { body: questions.QuestionAnswerSchema, response: questions.QuestionSchema },
    hide: { response: questions.QuestionSchema },
    unhide: { response: questions.QuestionSchema },
  }),
  recovery: withSchemas(recoveryEndpoints, {
    forgotPassword: { body: recovery.ForgotPasswordSchema, response: recovery.AccountNoticeSchema },
    resetPassword: { body: recovery.ResetPasswordSchema, response: recovery.AccountNoticeSchema },
    confirmEmail: { body: recovery.ConfirmEmailSchema, response: recovery.AccountNoticeSchema },
    resendConfirmation: { response: recovery.AccountNoticeSchema },
    outbox: { response: recovery.OutboxSchema },
    demoMailbox: { response: recovery.DemoMailboxSchema },
  }),
  notifications: withSchemas(notificationEndpoints, {
    list: { query: pagination.PageQuerySchema, response: notifications.NotificationPageSchema },
    unreadCount: { response: notifications.UnreadCountSchema },
    markRead: {},
    markAllRead: {},
    emailPreferences: { response: notifications.EmailPreferencesSchema },
    updateEmailPreferences: {
      body: notifications.UpdateEmailPreferencesSchema,
      response: notifications.EmailPreferencesSchema,
    },
    unsubscribeInfo: { query: notifications.UnsubscribeQuerySchema, response: notifications.UnsubscribeInfoSchema },
    unsubscribe: { query: notifications.UnsubscribeQuerySchema, response: notifications.UnsubscribeInfoSchema },
  }),
  session: withSchemas(sessionEndpoints, {
    refresh: {},
    logout: {},
  }),
  vitals: withSchemas(vitalsEndpoints, {
    report: { body: webVitals.WebVitalsReportSchema },
  }),
};
