/**
 * User-facing message texts the spec quotes verbatim (SPEC §5, §8). The server sends these
 * exact English texts in `message`; the renderer shows its translation keyed by the text
 * when it has one (i18n `errors` namespace), so both languages read naturally.
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
  // Ours: texts the spec leaves to us.
  unauthenticated: 'Please sign in again',
  forbidden: 'You do not have permission to do this',
  notFound: 'Not found',
  tooManyRequests: 'Too many attempts. Please wait a minute and try again.',
  accountPending: 'Your account is waiting for an administrator to grant a role',
  accountDeactivated: 'This account has been deactivated',
  stockQuantityTooLarge: 'Stock Quantity cannot exceed 2147483647',
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
} as const;

/** SPEC §5: a generic required message is the field label followed by ' is required'. */
export const isRequired = (label: string) => `${label} is required`;

/** SPEC §8: forgot-password failure names the email. */
export const emailNotFound = (email: string) => `No account was found for ${email}`;

/** A category, manufacturer or supplier that is inactive (or gone) cannot be newly assigned. */
export const inactiveReference = (label: string) => `The ${label} is inactive and cannot be assigned`;
export const unknownReference = (label: string) => `The ${label} does not exist`;
