/**
 * Texts about contact details in what buyers and sellers write to each other: the mask that
 * replaces a phone number, an email, a link or a payment handle, and the notes that say why deals
 * stay on ReCell. No zod here: the message box reads them as it types.
 */
export const contactDetailTexts = {
  /** What a contact detail becomes once sent (never a digit, a dot or an @, so it is never detected itself). */
  mask: '[contact details hidden]',
  /** Shown live under the message box while what is typed holds a contact detail. */
  composerWarningTitle: 'Keep the deal on ReCell',
  composerWarning:
    'Phone numbers, emails, links and payment handles are hidden when you send. Paying and talking ' +
    'here keeps your payment protected and lets us help if something goes wrong.',
  /** Next to a message whose contact details were hidden. */
  maskedNote:
    'Contact details were hidden from this message. Pay through ReCell and arrange the meeting here: ' +
    'deals made elsewhere are not protected.',
} as const;
