/**
 * Every user-facing message text, in English, under a stable key. The key is the `code` the
 * API sends next to `message` (see server/src/http/errors.ts), and the renderer's `errors`
 * namespace holds each text under the same key in both languages, so a screen translates by
 * code and never shows the English text to a Japanese user.
 *
 * The first block is the wording the original system used, kept verbatim. Texts with
 * `{{name}}` placeholders take parameters: the API sends them as `params`, and i18next
 * fills the same placeholders in the translation.
 */
export const MESSAGES = {
  minLength: 'Minimum 3 symbols',
  maxLength: 'Maximum 50 symbols',
  required: 'Required field',
  wrongEmail: 'Wrong email format',
  passwordMismatch: "Password and Confirm Password didn't match",
  acceptTerms: 'You must accept the terms and conditions',
  invalidLogin: 'The login detail is incorrect',
  supplierName: 'Please enter a supplier name',
  categoryName: 'Please Enter the Category name',
  manufacturerName: 'Please Enter Manufacturer name',
  shippingMethodName: 'Please Enter Shipping Method',
  enterName: 'Please Enter Name',
  fillValue: 'Please Fill Value',
  customsRequired: 'Please Enter the Custom Id, Custom Fees & Received Date',
  shipmentRequired: 'Please Enter the Shipment ID, Shipping Fees & Tracking Link',
  orderIdRequired: 'Order ID is required',
  platformRequired: 'Platform is required',
  productsRequired: 'The Product Field is required',
  enterNumber: 'Please Enter a number',
  invalidQuantity: 'Invalid Quantity',
  notCorrectFormat: 'Not correct format',
  invalidReleaseDate: 'Invalid Release Date',
  invalidStockQuantity: 'Invalid Stock Quantity',
  amazonStockAboveTotal: 'Total Stock Quantity cannot be less than Amazon Stock Quantity',
  duplicateField: 'Duplicate field',
  invalidJan: 'Invalid JANCODE',
  selectOrdersToClub: 'Please select Orders to club together',
  selectOrdersToSetStatus: 'Please select Orders to set Status',
  somethingWentWrong: 'Something Went Wrong',
  statusUpdated: 'Status updated',
  ordersUpdated: 'Orders Updated',
  productUpdated: 'Product Updated',
  rowUpdated: 'Row Updated',
  shipmentAssigned: 'SuccessFully Assigned Shipment ID to Orders',
  noResults: 'No results Found',
  listEmpty: 'List is empty',
  cannotChangeFinal: 'Cannot Change Status Of Cancelled or completed Orders',
  onlyAwaiting: 'Only request with Awaiting status can be changed',
  visitCombine: 'Please Visit the Combine Order page to change and Assign Shipping details',
  cannotChangeStatus: 'Cannot Change Status Of this Order',
  statusMustBeSame: 'Status Must Be Same',
  allCaughtUp: 'All caught up! No new notifications.',
  newOrderAdded: 'A new order was added',
  noData: 'No Data',
  welcome: 'Welcome to Inventory Management!',
  confirmChanges: 'Please confirm the changes',
  aboutToChange: 'You are about to change a',
  // Kura's own texts: what the original system had no wording for.
  unauthenticated: 'Please sign in again',
  forbidden: 'You do not have permission to do this',
  notFound: 'Not found',
  tooManyRequests: 'Too many attempts. Please wait a minute and try again.',
  accountPending: 'Your account is waiting for an administrator to grant a role',
  accountDeactivated: 'This account has been deactivated',
  resetLinkSent: 'A link to reset your password has been sent to your email',
  resetLinkInvalid: 'This reset link is invalid or has expired',
  passwordChanged: 'Your password has been changed. Please sign in.',
  cannotChangeOwnAccount: 'You cannot remove your own admin role or deactivate your own account',
  stockNotEditable: 'Stock quantity cannot be edited here: record a stock adjustment with a reason instead',
  handlingTypeReadOnly: 'The type of a handling charge cannot be changed',
  nothingToUpdate: 'Nothing to update',
  onePlatformListing: 'Each platform may be listed once',
  percentOver100: 'A percentage cannot exceed 100',
  max200: 'Maximum 200 symbols',
  requestAlreadyResolved: 'This request has already been resolved',
  preferenceTooLarge: 'This preference is too large to save',
  advanceDeliveryDate: 'An advance order needs a delivery date',
  customsAlreadySaved: 'The customs of this shipment are already saved',
  customsNotSaved: 'The customs of this shipment have not been saved yet',
  shipmentLastOrder: 'The last order of a shipment cannot be taken out of it',
  invalidHsCode: 'Enter an HS code of 6 to 10 digits',
  invalidCountry: 'Choose a country from the list',
  invalidNetWeight: 'Enter the net weight in whole grams, from 1 to 1,000,000',
  syncCursorInvalid: 'The sync cursor is not valid: start a full sync',
  syncCursorExpired: 'The sync cursor is too old: start a full sync',
  businessDetailsMissing: 'Set the business details in Settings first',
  shipmentChanged:
    'This shipment was changed meanwhile (version {{current}}, yours {{given}}): check it and save again',
  packingOnlyToPacked: 'A packing record comes only with a change to PACKED',
  shortPickReasonRequired: 'Enter why the order cannot be completed',
  // With parameters.
  packingMismatch:
    'The packing record does not match the order: {{janCode}} scanned {{scanned}}, ordered {{ordered}}',
  packingWholeOrder: "Pack every line of order {{orderId}} together, and no other order's",
  packingTooManyEntries: 'A packing record holds at most {{max}} entries in each list',
  shortPickNotAccepted: 'Order {{orderId}} is {{status}}: only an accepted order can be reported short',
  stockQuantityTooLarge: 'Stock Quantity cannot exceed {{max}}',
  lineTotalTooLarge: 'The line total (price × quantity) cannot exceed {{max}}',
  insufficientStock: 'Not enough stock of {{product}}: {{available}} available, {{requested}} needed',
  currencyMismatch: '{{platform}} orders are in {{currency}}',
  isRequired: '{{label}} is required',
  emailNotFound: 'No account was found for {{email}}',
  unknownReference: 'The {{label}} does not exist',
  inactiveReference: 'The {{label}} is inactive and cannot be assigned',
  shipmentOrderPlatform:
    'Order {{orderId}} is an order of {{platform}}: only Amazon India and own-shop orders go into a shipment',
  shipmentOrderNotPacked: 'Order {{orderId}} is {{status}}: only packed orders can be shipped',
  shipmentOrderInShipment: 'Order {{orderId}} is already in shipment {{shipmentId}}',
  customsFieldsMissing:
    'Add the HS code, country of origin and net weight of these products first: {{products}}',
  shipmentMixedCurrencies:
    'The orders of this shipment are in several currencies ({{currencies}}): customs papers need one',
  // Validation of any field (the shared zod schemas fall back to these, see schemas/common.ts).
  tooShort: 'Minimum {{min}} symbols',
  tooLong: 'Maximum {{max}} symbols',
  tooSmall: 'Must be at least {{min}}',
  tooLarge: 'Must be at most {{max}}',
  tooFewItems: 'Choose at least {{min}}',
  tooManyItems: 'At most {{max}} items',
  tooManyDecimals: 'At most {{max}} decimal places',
  notANumber: 'Must be a number',
  notWholeNumber: 'Must be a whole number',
  notText: 'Must be text',
  notTrueOrFalse: 'Must be true or false',
  notAList: 'Must be a list',
  notAnObject: 'Must be a set of fields',
  notOneOf: 'Must be one of {{values}}',
  invalidDate: 'Must be a date',
  invalidValue: 'Invalid value',
  unknownField: 'Unknown field: {{keys}}',
  controlCharacter: 'Control characters are not allowed',
  illFormedText: 'The text contains a broken character (not valid Unicode)',
  nestedTooDeep: 'Nested too deeply (at most {{max}} levels)',
  // List queries (page, limit, sort and filters in the query string).
  queryWholeNumber: '{{field}} must be a whole number',
  queryRange: '{{field}} must be between {{min}} and {{max}}',
  queryNumber: '{{field}} must be a number',
  queryBoolean: '{{field}} must be true or false',
  queryDate: '{{field}} must be a date (YYYY-MM-DD)',
  queryDateTime: '{{field}} must be an ISO 8601 date-time',
  queryOneOf: '{{field}} must be one of {{values}}',
  queryOnce: '{{field}} may be given once',
  querySort: 'Cannot sort by {{field}}',
  queryFilter: 'Cannot filter by {{field}}',
  queryOperator: 'Unknown operator {{op}} on {{field}}',
  invalidQuery: 'Invalid list query: {{field}}',
  // Requests the server cannot take at all.
  invalidRequest: 'Invalid request',
  malformedJson: 'The request body is not valid JSON',
  unsupportedMediaType: 'Send the request body as JSON',
  bodyTooLarge: 'The request is too large',
  badUrl: 'The address is not valid',
  uriTooLong: 'The address is too long',
  headersTooLarge: 'The request headers are too large',
  methodNotAllowed: 'This address does not take this method',
  requestTimeout: 'The request took too long to arrive',
  conflict: 'This conflicts with the saved data',
  // Importing platform order reports: the file, then one row of it.
  reportBodyRequired:
    'Send the report file as the request body (text/csv, text/tab-separated-values or application/octet-stream) or as the file of a multipart/form-data form',
  reportEmpty: 'The file is empty',
  reportUnreadable: 'The file could not be read as a report (line {{line}})',
  reportMissingColumns: 'The report has no column {{columns}}',
  reportFileEmpty: 'The file is empty: choose the report exported from {{platform}}',
  reportLooksLikeShopify: 'This looks like a Shopify report: choose Shopify as the platform',
  reportLooksLikeAmazon: 'This looks like an Amazon report: choose Amazon as the platform',
  importUnknownChannel: 'Unknown sales channel: {{channel}}',
  importEmptyValue: '{{column}} is empty',
  importBadDate: '{{column}}: {{value}} is not a date',
  importBadAmount: '{{column}}: {{value}} is not an amount in {{currency}}',
  importBadQuantity: 'quantity: {{value}} is not a quantity',
  importTooLarge: '{{column}}: {{value}} is more than {{max}}',
  importWrongCurrency: 'The currency {{currency}} does not match the platform {{platform}}',
  importOrderHasErrors: 'Another row of order {{orderId}} has an error',
  importUnreadableRow: 'This row could not be read (line {{line}} of the file)',
  importOrderTooLarge: 'Order {{orderId}} has more than {{max}} rows',
  requestFailed: 'The request could not be completed',
  // Importing products from a CSV file: the file, then one row of it.
  productImportFileEmpty: 'The file is empty: choose a products CSV exported from Kura',
  productImportMissingColumns: 'The file has no {{columns}} column: choose a products CSV exported from Kura',
  productImportTooManyRows: 'The file has more than {{max}} products: import it in parts',
  importNumberMangled:
    '{{column}}: {{value}} was turned into a number by the spreadsheet: format the column as text and enter the code again',
  importDuplicateSku: 'SKU {{sku}} is also on row {{rows}}',
  importDuplicateJan: 'JAN {{jan}} is also on row {{rows}}',
  importJanTaken: 'JAN {{jan}} is already the JAN of product {{sku}}',
  importBadStatus: 'Status: {{value}} is neither Active nor Inactive',
  importUnknownName: 'There is no {{label}} named {{name}}',
  // Live sync's platform connections.
  connectionShopDomain: "Enter the shop's address ending in .myshopify.com",
  connectionMapSkuOrAsin: 'Give a SKU or an ASIN, not both',
  connectionSecretRequired: '{{field}} is required when the connection is saved the first time',
  connectionNotConfigured: 'This connection is not set up yet',
  connectionStopped: 'The platform refused the credentials: save them again to resume the sync',
  connectionDisabled: 'This connection is turned off',
  connectionInterrupted: 'The sync was interrupted; the next run resumes where it stopped',
  connectionSecretUnreadable:
    "The saved credentials cannot be read with this server's secret key: save them again",
  connectionSyncFailed: 'The sync failed; the next run tries again',
  connectionLeaseLost: 'Another server took this sync over',
  // Platform connections: what a sync run or "Test connection" reports of the platform's API.
  shopifyTokenRefused: 'Shopify refused the token: check that the app has read_orders',
  shopifyClientRefused:
    "Shopify refused the app's client ID or secret: check them in the Dev Dashboard and that the app is installed on the shop",
  shopifyThrottled: 'Shopify kept refusing requests as too many: the next sync tries again',
  shopifyServerError: 'Shopify did not answer properly (HTTP {{status}}): the next sync tries again',
  shopifyUnreachable: 'Shopify could not be reached: the next sync tries again',
  shopifyQueryFailed: 'Shopify refused the query: {{message}}',
  shopifyAnswerMalformed: 'Shopify sent an answer Kura cannot read (at {{path}})',
  shopifyCursorInvalid: 'The Shopify sync position is not valid: start a full sync',
  shopifyOrderTooLarge: 'Order {{orderId}} has more than {{max}} line items',
  // The Amazon connection (Selling Partner API): what a sync run or "Test connection" reports.
  amazonClientRefused:
    "Amazon refused the app's credentials: check the LWA client identifier and client secret",
  amazonRefreshTokenRefused:
    'Amazon refused the refresh token: authorize the app again in Seller Central and enter the new refresh token',
  amazonAccessRefused: "Amazon refused access: check the app's authorization and roles (Orders)",
  amazonRegionRefreshTokenRefused:
    'Amazon refused the refresh token of {{marketplace}}: authorize the app again with that account in Seller Central and enter its new refresh token',
  amazonRegionAccessRefused:
    "Amazon refused access to {{marketplace}}: check that the refresh token is that account's and the app's roles (Orders)",
  amazonRegionTokenMissing:
    '{{marketplace}} needs a refresh token: enter the one of its selling account, or a refresh token for all marketplaces',
  amazonThrottled: 'Amazon is limiting requests: the next sync tries again',
  amazonServerError: 'Amazon could not answer (HTTP {{status}}): the next sync tries again',
  amazonUnreachable: 'Amazon could not be reached: check the internet connection',
  amazonMalformed: 'Amazon sent an answer that could not be read ({{operation}})',
  amazonRequestRefused: 'Amazon refused the request ({{operation}}): {{message}}',
  amazonUnknownMarketplace:
    'Order {{orderId}} is in marketplace {{marketplace}}, which this connection does not sync',
  // Pick lists and product labels.
  ordersNotFound: 'These orders do not exist: {{orderIds}}',
  pickListNotAccepted: 'Only accepted orders go on a pick list; these are not accepted: {{orderIds}}',
  pickListTooLarge: 'More than {{max}} orders are accepted: select the orders to pick',
  productsNotFound: 'These products do not exist: {{ids}}',
  labelsInvalidJan: 'These products have no valid JAN to print as a barcode: {{products}}',
  labelsQuantityCount:
    'Give one quantity for each product ({{products}} products, {{quantities}} quantities)',
  labelsTooMany: 'At most {{max}} labels can be printed at once',
} as const;

export type MessageKey = keyof typeof MESSAGES;
export type MessageParams = Record<string, string | number>;

/** The English text of `key` with its `{{name}}` placeholders filled in. */
export function formatMessage(key: MessageKey, params: MessageParams = {}): string {
  return MESSAGES[key].replace(/{{(\w+)}}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

/** The field label followed by ' is required'. */
export const isRequired = (label: string) => formatMessage('isRequired', { label });

/** Forgot-password failure names the email. */
export const emailNotFound = (email: string) => formatMessage('emailNotFound', { email });

/** A category, manufacturer or supplier that is inactive (or gone) cannot be newly assigned. */
export const inactiveReference = (label: string) => formatMessage('inactiveReference', { label });
export const unknownReference = (label: string) => formatMessage('unknownReference', { label });

export interface MessageCode {
  code: MessageKey;
  params?: MessageParams;
}

const keyByText = new Map<string, MessageKey>(
  (Object.entries(MESSAGES) as [MessageKey, string][])
    .filter(([, text]) => !text.includes('{{'))
    .map(([key, text]) => [text, key]),
);

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Each parameterised text as a pattern capturing its parameters, most specific first. */
const templates = (Object.entries(MESSAGES) as [MessageKey, string][])
  .filter(([, text]) => text.includes('{{'))
  .map(([code, text]) => {
    const names = [...text.matchAll(/{{(\w+)}}/g)].map((m) => m[1] as string);
    const source = text
      .split(/{{\w+}}/)
      .map(escapeRegExp)
      .join('(.+?)');
    const literal = text.replace(/{{\w+}}/g, '').length;
    return { code, names, pattern: new RegExp(`^${source}$`, 's'), literal };
  })
  .sort((a, b) => b.literal - a.literal);

/**
 * The key (and parameters) of an English message text: what lets code that only has a text
 * (a service's `badRequest(MESSAGES.x)`, a zod message in a form) answer with its code.
 */
export function messageCodeOf(text: string): MessageCode | undefined {
  const key = keyByText.get(text);
  if (key) return { code: key };
  for (const { code, names, pattern } of templates) {
    const match = pattern.exec(text);
    if (match) {
      return { code, params: Object.fromEntries(names.map((name, i) => [name, match[i + 1] ?? ''])) };
    }
  }
  return undefined;
}
