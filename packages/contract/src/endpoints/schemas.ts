import {
  AdminUserPageSchema,
  AdminUserQuerySchema,
  AdminUserSchema,
  AuditPageSchema,
  BlockImeiSchema,
  ReportedProductPageSchema,
} from '../admin.ts';
import {
  AuthProvidersSchema,
  AuthSessionSchema,
  LoginSchema,
  MeSchema,
  SignupFieldsSchema,
  UpdateMeSchema,
  UploadedImageSchema,
} from '../auth.ts';
import { CategoryListSchema, ProductPageSchema, ProductSchema } from '../catalogue.ts';
import {
  ContactMessageCreatedSchema,
  ContactMessageFormSchema,
  ContactMessagePageSchema,
  ContactMessageQuerySchema,
  ContactMessageSchema,
} from '../contact.ts';
import { CreateProductSchema, MyProductPageSchema, ProductQuerySchema } from '../listings.ts';
import {
  BookedProductIdsSchema,
  BookingSchema,
  OrderPageSchema,
  OrderSchema,
  ReportCreatedSchema,
  ReportFormSchema,
  SalePageSchema,
  WishlistIdsSchema,
  WishlistPageSchema,
} from '../orders.ts';
import { PageQuerySchema } from '../pagination.ts';
import {
  PaidOrderSchema,
  PayOrderSchema,
  PaymentConfigSchema,
  PaymentIntentSchema,
  TestCardSchema,
  TestConfirmationSchema,
} from '../payments.ts';
import { accountEndpoints } from './account.ts';
import { adminEndpoints } from './admin.ts';
import { buyingEndpoints } from './buying.ts';
import { catalogueEndpoints } from './catalogue.ts';
import { contactEndpoints } from './contact.ts';
import { listingEndpoints } from './listings.ts';
import { paymentEndpoints } from './payments.ts';
import { sessionEndpoints } from './session.ts';
import type { Endpoint, EndpointWithSchemas, SchemasOf } from './endpoint.ts';

/** Each endpoint of an area with the schema values its definition names as types (all required). */
const withSchemas = <Area extends Record<string, Endpoint>>(
  area: Area,
  schemas: { readonly [Name in keyof Area]: SchemasOf<Area[Name]> },
): Record<string, EndpointWithSchemas> =>
  Object.fromEntries(Object.entries(area).map(([name, definition]) => [name, { ...definition, ...schemas[name] }]));

/**
 * Every endpoint the web calls, by area, with its schemas: the API's routes must declare these very
 * schemas (apps/api/test/contract-endpoints.test.ts), and the web checks answers against them in
 * development and tests. Pages import the areas' definitions instead, which carry no zod.
 */
export const apiEndpoints: Record<string, Record<string, EndpointWithSchemas>> = {
  account: withSchemas(accountEndpoints, {
    signup: { body: SignupFieldsSchema, response: AuthSessionSchema },
    login: { body: LoginSchema, response: AuthSessionSchema },
    providers: { response: AuthProvidersSchema },
    me: { response: MeSchema },
    updateMe: { body: UpdateMeSchema, response: MeSchema },
    uploadImage: { response: UploadedImageSchema },
  }),
  admin: withSchemas(adminEndpoints, {
    users: { query: AdminUserQuerySchema, response: AdminUserPageSchema },
    deleteUser: {},
    verifySeller: { response: AdminUserSchema },
    reportedProducts: { query: PageQuerySchema, response: ReportedProductPageSchema },
    deleteReportedProduct: {},
    dismissReports: {},
    blockImei: { body: BlockImeiSchema },
    auditLog: { query: PageQuerySchema, response: AuditPageSchema },
  }),
  buying: withSchemas(buyingEndpoints, {
    bookProduct: { body: BookingSchema, response: OrderSchema },
    myOrders: { query: PageQuerySchema, response: OrderPageSchema },
    bookedProductIds: { response: BookedProductIdsSchema },
    order: { response: OrderSchema },
    deleteOrder: {},
    mySales: { query: PageQuerySchema, response: SalePageSchema },
    myWishlist: { query: PageQuerySchema, response: WishlistPageSchema },
    wishlistIds: { response: WishlistIdsSchema },
    addToWishlist: {},
    removeFromWishlist: {},
    reportProduct: { body: ReportFormSchema, response: ReportCreatedSchema },
  }),
  catalogue: withSchemas(catalogueEndpoints, {
    categories: { response: CategoryListSchema },
    advertised: { query: PageQuerySchema, response: ProductPageSchema },
    categoryProducts: { query: ProductQuerySchema, response: ProductPageSchema },
    product: { response: ProductSchema },
  }),
  contact: withSchemas(contactEndpoints, {
    send: { body: ContactMessageFormSchema, response: ContactMessageCreatedSchema },
    list: { query: ContactMessageQuerySchema, response: ContactMessagePageSchema },
    markRead: { response: ContactMessageSchema },
    archive: { response: ContactMessageSchema },
  }),
  listings: withSchemas(listingEndpoints, {
    createProduct: { body: CreateProductSchema, response: ProductSchema },
    myProducts: { query: PageQuerySchema, response: MyProductPageSchema },
    advertiseProduct: { response: ProductSchema },
    deleteProduct: {},
  }),
  payments: withSchemas(paymentEndpoints, {
    config: { response: PaymentConfigSchema },
    createPaymentIntent: { response: PaymentIntentSchema },
    payOrder: { body: PayOrderSchema, response: PaidOrderSchema },
    confirmTestPayment: { body: TestCardSchema, response: TestConfirmationSchema },
  }),
  session: withSchemas(sessionEndpoints, {
    refresh: {},
    logout: {},
  }),
};
