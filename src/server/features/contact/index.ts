/** The contact form's public face: the visitors' messages (the composition root seeds demo ones). */
export { addContactMessage, contactMessageActivity, contactMessagesOfLead, countUnreadContactMessages } from './contact.service';
