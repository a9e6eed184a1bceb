/** The contact form's public face: the visitors' messages (the composition root seeds demo ones). */
export { addContactMessage, contactMessageActivity, countUnreadContactMessages } from './contact.service';
export { contactMessagesOfLead } from './contact.repository';
