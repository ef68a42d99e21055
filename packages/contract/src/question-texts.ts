/**
 * Texts of the questions people ask on a listing before they book, and its seller's answers: the
 * API's refusals, the notices, and the details page's Questions section. No zod here, so the
 * section's words cost no schema library.
 */

export const questionLimits = {
  /** A question, trimmed. */
  textMin: 3,
  textMax: 500,
  /** The seller's answer, trimmed. */
  answerMax: 1000,
  /** Questions one person may have waiting for an answer on one listing. */
  openPerAskerPerListing: 3,
  /** Answered questions a page of the public list holds (the first page by default). */
  pageSize: 20,
  /** Unanswered questions the seller (or an admin) sees at once, oldest first. */
  unansweredMax: 50,
} as const;

/** The id of the details page's Questions section, and the notices' link to it. */
export const questionsSectionId = 'questions';
export const productQuestionsPath = (productId: string) =>
  `/products/${encodeURIComponent(productId)}#${questionsSectionId}`;

export const questionMessages = {
  textTooShort: `Write a question of at least ${questionLimits.textMin} characters`,
  textTooLong: `Keep your question under ${questionLimits.textMax} characters`,
  answerRequired: 'Write your answer',
  answerTooLong: `Keep your answer under ${questionLimits.answerMax} characters`,
  limitInvalid: `Ask for a whole number of 1 to ${questionLimits.pageSize} questions a page`,
  productNotFound: 'Phone not found',
  questionNotFound: 'Question not found',
  notForSale: 'This phone is no longer for sale, so it takes no new questions',
  ownListing: 'You cannot ask a question on your own listing',
  tooManyOpen: `You already have ${questionLimits.openPerAskerPerListing} questions waiting for an answer on this phone. Wait for the seller to answer them.`,
  alreadyAnswered: 'This question has already been answered',
  hidden: 'An admin hid this question; it cannot be answered',
} as const;

/** The notices (the bell and the email); they name the phone, never the question's words or who asked. */
export const questionNotices = {
  newQuestion: (phone: string) => ({
    title: `New question on ${phone}`,
    body: `Someone asked a question about your ${phone}. Answer it on the phone's page; everyone will see your answer.`,
  }),
  answered: (phone: string) => ({
    title: `Your question on ${phone} was answered`,
    body: `The seller answered your question about the ${phone}. Read the answer on the phone's page.`,
  }),
} as const;

export const questionTexts = {
  heading: 'Questions',
  intro: 'Ask the seller before you book. Questions and answers are public; who asked is never shown.',
  none: 'No questions answered yet.',
  loadFailed: 'Questions could not be loaded.',
  loadMore: 'Show more questions',
  askedOn: 'Asked',
  answeredOn: 'Answered',
  questionTerm: 'Question',
  answerTerm: 'Answer',
  yourQuestion: 'Your question',
  waitingForAnswer: 'Waiting for the seller’s answer',
  hiddenMarker: 'Hidden by an admin',
  askHeading: 'Ask a question',
  askLabel: 'Your question',
  askHint: `${questionLimits.textMin} to ${questionLimits.textMax} characters. Do not share phone numbers or email addresses: they are hidden.`,
  askSubmit: 'Ask the seller',
  asking: 'Sending…',
  asked: 'Question sent. We will tell you when the seller answers.',
  signInToAsk: 'Log in to ask a question',
  ownListingNote: 'People’s questions about your phone show here; answer them so every buyer sees the answer.',
  unansweredHeading: (count: number) =>
    count === 1 ? '1 question waiting for your answer' : `${count} questions waiting for your answer`,
  yourOpenHeading: 'Your questions waiting for an answer',
  adminUnansweredHeading: 'Unanswered questions',
  answerLabel: 'Your answer',
  /** Read after "Your answer" by screen readers, so each answer box names its question. */
  answerLabelQuestion: (question: string) => `to: ${question}`,
  answerHint: `Up to ${questionLimits.answerMax} characters. You can answer once; everyone will see it.`,
  answerSubmit: 'Answer',
  answering: 'Sending…',
  answered: 'Answer published.',
  hide: 'Hide',
  unhide: 'Show again',
  /** Read after Hide or Show again by screen readers, so each button names its question. */
  buttonQuestion: (question: string) => `the question: ${question}`,
  hidden: 'Question hidden.',
  shown: 'Question shown again.',
  contactWarningTitle: 'Contact details will be hidden',
  contactWarning:
    'Your text seems to hold contact details (a phone number or an email address). They will be hidden when it is published. Keep the conversation on ReCell: it protects you until the phone changes hands.',
  sendAnyway: 'Send anyway',
  editText: 'Edit my text',
} as const;
