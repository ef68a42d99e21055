/**
 * Why a page asks someone to log in or to confirm their email first, said before they try: the
 * login page names what the visitor was about to do, and a form that needs a confirmed email says
 * so instead of failing on submit. No zod here, so the pages that show these carry only their words.
 */

/** What a visitor was about to do when the app sent them to log in (the login page says why). */
export const signInReasons = ['book', 'wishlist', 'report', 'search', 'brand', 'ask'] as const;
export type SignInReason = (typeof signInReasons)[number];

export const accessTexts = {
  signInReason: {
    book: 'Log in to book this phone.',
    wishlist: 'Log in to keep this phone in your wishlist.',
    report: 'Log in to report this listing.',
    search: 'Log in to search the phones for sale.',
    brand: 'Log in to see this brand’s phones.',
    ask: 'Log in to ask the seller a question.',
  } satisfies Record<SignInReason, string>,
  /** After the reason: where the login leads. */
  comeBackAfterLogin: 'You will come back here once you are logged in.',

  /** What an account whose email is not confirmed yet cannot do, said where it would do it. */
  confirmToBook: 'Confirm your email address to book this phone.',
  confirmToPay: 'Confirm your email address to pay for this order.',
  confirmToList: 'Confirm your email address to list a phone for sale.',
  confirmToMessage: 'Confirm your email address to send messages.',
  confirmToRate: 'Confirm your email address to rate this seller.',
  confirmToReply: 'Confirm your email address to reply to this rating.',
  confirmToAsk: 'Confirm your email address to ask the seller a question.',
  confirmHow: 'Open the link we emailed you.',
  close: 'Close',
} as const;
