/** Media's public face: images stored once, by content, and their URLs (listings use them). */
export { IMAGE_TOO_LARGE, imageUrl, prepareImage } from './media.service';
// Listing photos and floor plans.
export {
  checkPhoto,
  contentHash,
  fileUrl,
  prepareFloorPlan,
  preparePhoto,
  servedFileName,
  type PhotoInfo,
  type PreparedFile,
  type PreparedPhoto,
} from './photos.service';
// Kept and dropped in the listings' transactions.
export { deleteFileIfUnused, deleteImageIfUnused, deletePhotoIfUnused, findPhotos, insertFile, insertImage, insertPhoto } from './stored-media.service';
