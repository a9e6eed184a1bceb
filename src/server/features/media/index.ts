/** Media's public face: images stored once, by content, and their URLs (listings use them). */
export { IMAGE_TOO_LARGE, imageUrl, prepareImage } from './media.service';
export { deleteImageIfUnused, insertImage } from './media.repository';
// Listing photos and floor plans.
export { checkPhoto, contentHash, fileUrl, prepareFloorPlan, preparePhoto, servedFileName } from './photos.service';
export {
  deleteFileIfUnused,
  deletePhotoIfUnused,
  findPhotos,
  insertFile,
  insertPhoto,
  type PhotoInfo,
  type PreparedFile,
  type PreparedPhoto,
} from './media.repository';
