/** Media's public face: images stored once, by content, and their URLs (listings use them). */
export { IMAGE_TOO_LARGE, imageUrl, prepareImage } from './media.service';
export { deleteImageIfUnused, insertImage } from './media.repository';
