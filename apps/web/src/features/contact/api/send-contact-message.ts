import { contactEndpoints, type ContactMessageForm } from '@recell/contract';
import { callApi } from '@/lib/api-client';

/** POST /api/contact-messages (201): the Contact us form's message, stored for the admins. */
export const sendContactMessage = (message: ContactMessageForm) => callApi(contactEndpoints.send, { json: message });
